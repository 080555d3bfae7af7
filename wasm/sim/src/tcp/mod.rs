//! TCP machinery: sequence space, loss detection and recovery, RTT and RTO.
//! The policy (cwnd, ssthresh) is a [`crate::cc::CongestionControl`].
pub mod frto;
pub mod handshake;
pub mod prr;
pub mod rack;
pub mod receiver;
pub mod rtt;
pub mod scoreboard;
pub mod sender;

pub use receiver::TcpReceiver;
pub use rtt::RttEstimator;
pub use sender::{SenderConfig, TcpSender};
