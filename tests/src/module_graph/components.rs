//! Strongly connected components: the groups of files that reach each other.

/// Tarjan's algorithm, iteratively: the strongly connected components of a graph given by successor lists.
pub(super) fn strongly_connected(successors: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let count = successors.len();
    let (mut index_of, mut low) = (vec![usize::MAX; count], vec![0; count]);
    let (mut on_stack, mut stack, mut components) = (vec![false; count], Vec::new(), Vec::new());
    let mut next_index = 0;
    for start in 0..count {
        if index_of[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (node, ref mut child)) = work.last_mut() {
            if *child == 0 && index_of[node] == usize::MAX {
                index_of[node] = next_index;
                low[node] = next_index;
                next_index += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&successor) = successors[node].get(*child) {
                *child += 1;
                if index_of[successor] == usize::MAX {
                    work.push((successor, 0));
                } else if on_stack[successor] {
                    low[node] = low[node].min(index_of[successor]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
            if low[node] == index_of[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                components.push(component);
            }
        }
    }
    components
}
