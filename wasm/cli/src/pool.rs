//! Run independent jobs on every core and return their results in order.

use std::sync::{Arc, Mutex};

/// Apply `f` to every item on up to `available_parallelism` threads; the
/// results come back in the items' order.
pub fn map_parallel<T, R>(items: Vec<T>, f: fn(&T) -> R) -> Vec<R>
where
    T: Send + 'static,
    R: Send + 'static,
{
    let n = items.len();
    // Workers pop from the back: reverse so the first items start first.
    let queue = Arc::new(Mutex::new(
        items.into_iter().enumerate().rev().collect::<Vec<_>>(),
    ));
    let done: Arc<Mutex<Vec<Option<R>>>> = Arc::new(Mutex::new((0..n).map(|_| None).collect()));
    let threads = std::thread::available_parallelism()
        .map_or(2, |p| p.get())
        .min(n.max(1));
    let workers: Vec<_> = (0..threads)
        .map(|_| {
            let (queue, done) = (queue.clone(), done.clone());
            std::thread::spawn(move || loop {
                let Some((i, item)) = queue.lock().expect("queue").pop() else {
                    break;
                };
                let r = f(&item);
                done.lock().expect("results")[i] = Some(r);
            })
        })
        .collect();
    for w in workers {
        if let Err(panic) = w.join() {
            std::panic::resume_unwind(panic);
        }
    }
    let mut done = done.lock().expect("results");
    done.iter_mut()
        .map(|r| r.take().expect("every job ran"))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_keep_the_order_of_the_items() {
        let out = super::map_parallel((0..50u64).collect(), |x| x * x);
        assert_eq!(out, (0..50u64).map(|x| x * x).collect::<Vec<_>>());
    }
}
