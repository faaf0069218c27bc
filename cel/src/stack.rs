//! Running the CEL parser and interpreter where deep expressions cannot overflow the caller's stack.
//!
//! Both recurse once per nesting level of an expression, and the generated parser takes many kilobytes per level,
//! so a long chain of operators would overflow a thread's default stack (a crash, not an error). Work is moved to
//! a thread with a large stack (reserved, only touched as used), and a panic there comes back as an error.

use std::cell::Cell;
use std::panic::AssertUnwindSafe;

/// Stack for the worker thread: enough for any rule [`check_size`] lets through.
const STACK_BYTES: usize = 512 * 1024 * 1024;

/// The most operators and brackets a rule may hold: far above what validation rules use, low enough that the
/// deepest expression they can form fits `STACK_BYTES`.
pub const MAX_NESTING_TOKENS: usize = 2_000;

thread_local! {
    /// Whether this thread is one [`with_large_stack`] started.
    static ON_LARGE_STACK: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` on a thread with a large stack; `Err` with a message when it panics. Called again from such a
/// thread, it runs `work` in place: the stack is already large, and a new thread would only add its start-up.
pub fn with_large_stack<T: Send>(work: impl FnOnce() -> T + Send) -> Result<T, String> {
    if ON_LARGE_STACK.get() {
        return std::panic::catch_unwind(AssertUnwindSafe(work)).map_err(|panic| panic_message(panic.as_ref()));
    }
    std::thread::scope(|scope| {
        let on_large_stack = || {
            ON_LARGE_STACK.set(true);
            work()
        };
        let spawned = std::thread::Builder::new().stack_size(STACK_BYTES).spawn_scoped(scope, on_large_stack);
        match spawned {
            Ok(handle) => handle.join().map_err(|panic| panic_message(panic.as_ref())),
            Err(error) => Err(format!("cannot start a thread for the CEL interpreter: {error}")),
        }
    })
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    let detail =
        panic.downcast_ref::<&str>().map(|s| (*s).to_owned()).or_else(|| panic.downcast_ref::<String>().cloned());
    format!("the CEL interpreter failed: {}", detail.unwrap_or_else(|| "unknown panic".to_owned()))
}

/// `Err` when `rule` holds more operators and brackets than [`MAX_NESTING_TOKENS`].
pub fn check_size(rule: &str) -> Result<(), String> {
    let tokens = rule.chars().filter(|c| "()[]{}!-+*/%<>=&|?:.".contains(*c)).count();
    if tokens > MAX_NESTING_TOKENS {
        return Err(format!(
            "the rule is too complex: {tokens} operators and brackets, more than {MAX_NESTING_TOKENS}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_work_runs_in_place_and_a_panic_there_comes_back_as_an_error() {
        let outer = with_large_stack(|| {
            let thread = std::thread::current().id();
            let inner = with_large_stack(|| std::thread::current().id());
            let crashed = with_large_stack(|| -> () { panic!("deep") });
            (thread, inner, crashed)
        });
        let (thread, inner, crashed) = outer.expect("the outer work does not panic");
        assert_eq!(inner, Ok(thread));
        assert_eq!(crashed, Err("the CEL interpreter failed: deep".to_owned()));
        assert_ne!(thread, std::thread::current().id());
    }
}
