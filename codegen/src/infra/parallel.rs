//! Spreading independent work over the cores, keeping the input's order.

/// `f` of every item, in order, computed in one contiguous chunk per core.
pub(crate) fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = items.len().div_ceil(threads).max(1);
    let f = &f;
    std::thread::scope(|scope| {
        let parts: Vec<_> =
            items.chunks(chunk).map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<R>>())).collect();
        parts
            .into_iter()
            .flat_map(|part| part.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::parallel_map;

    #[test]
    fn keeps_the_order_of_the_items() {
        let items: Vec<u32> = (0..1000).collect();
        assert_eq!(parallel_map(&items, |n| n * 2), items.iter().map(|n| n * 2).collect::<Vec<_>>());
        assert!(parallel_map(&[] as &[u32], |n| *n).is_empty());
    }
}
