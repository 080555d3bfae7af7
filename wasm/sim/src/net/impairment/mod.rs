//! Link impairments as small, pure rules (after turmoil's network simulator):
//! random loss (Bernoulli, Gilbert–Elliott), delay jitter that keeps FIFO
//! order, the timer-tick delay of a software emulator (dummynet) and a
//! trace-driven transmitter (mahimahi). Each takes time and a random stream
//! as arguments and owns no clock; `net::channel` composes them per link
//! direction.

pub mod jitter;
pub mod tick;
pub mod trace;

pub use crate::loss::bernoulli_rule::BernoulliLoss;
pub use crate::loss::gilbert_elliott_rule::GilbertElliott;
pub use jitter::{FifoJitter, JitterDistribution};
pub use tick::TickDelay;
pub use trace::TraceLink;
