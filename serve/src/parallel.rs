//! Independent pieces of a bundle build (encoding one document's variants) spread over the machine's cores.
//!
//! A reload under load competes with the serving threads for CPU; on more threads it both finishes sooner on an
//! idle machine and gets a fairer share of a busy one.

use std::sync::atomic::{AtomicUsize, Ordering};

/// `work(item)` for every item, on up to as many threads as there are cores, largest `cost` first (so the long
/// pieces do not start last); results in the order of `items`, whatever order they finished in.
pub(crate) fn map_by_cost<T: Sync, R: Send>(
    items: &[T],
    cost: impl Fn(&T) -> usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len());
    if threads <= 1 {
        return items.iter().map(work).collect();
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(cost(&items[i])));
    let next = AtomicUsize::new(0);
    let mut finished: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                        done.push((i, work(&items[i])));
                    }
                    done
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    finished.sort_unstable_by_key(|(i, _)| *i);
    finished.into_iter().map(|(_, result)| result).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_keep_the_order_of_the_items() {
        let items: Vec<u64> = (0..100).collect();
        let squares = map_by_cost(&items, |&n| (n % 7) as usize, |&n| n * n);
        assert_eq!(squares, items.iter().map(|n| n * n).collect::<Vec<_>>());
    }

    #[test]
    fn no_items_no_results() {
        let none: Vec<u8> = Vec::new();
        assert!(map_by_cost(&none, |_| 0, |&b| b).is_empty());
    }

    #[test]
    fn a_panic_in_a_piece_reaches_the_caller() {
        let items = [1, 2, 3, 4];
        let outcome = std::panic::catch_unwind(|| map_by_cost(&items, |_| 1, |&n| assert_ne!(n, 3, "piece 3")));
        assert!(outcome.is_err());
    }
}
