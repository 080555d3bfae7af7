//! Simulated time, the event queue and seeded random-number streams.
pub mod event;
pub mod rng;
pub mod time;

pub use event::EventQueue;
pub use rng::Rng;
pub use time::Time;
