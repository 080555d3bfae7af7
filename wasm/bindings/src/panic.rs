//! The panic hook: a panic in the model is a bug, and the student should see
//! what it said rather than `RuntimeError: unreachable`. The hook writes the
//! message to the console (`console.error`, like the console_error_panic_hook
//! crate) and keeps it for `last_panic()`, which the worker calls after a call
//! into the module throws. The release profile aborts on panic, so after a
//! panic the instance must not be used again: start a fresh worker (or
//! re-instantiate the module) for the next run.

use std::sync::Mutex;
use wasm_bindgen::prelude::*;

static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// `panicked at FILE:LINE:COL: MESSAGE`, as Rust prints it.
pub(crate) fn describe(info: &std::panic::PanicHookInfo) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_string());
    match info.location() {
        Some(l) => format!(
            "tcplab {} panicked at {}:{}:{}: {message}",
            env!("CARGO_PKG_VERSION"),
            l.file(),
            l.line(),
            l.column()
        ),
        None => format!("tcplab {} panicked: {message}", env!("CARGO_PKG_VERSION")),
    }
}

fn remember(message: &str) {
    // try_lock: a panic while the message is being read must not deadlock.
    if let Ok(mut slot) = LAST_PANIC.try_lock() {
        *slot = Some(message.to_string());
    }
}

pub(crate) fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = describe(info);
        remember(&message);
        if cfg!(target_arch = "wasm32") {
            console_error(&message);
        } else {
            eprintln!("{message}");
        }
    }));
}

/// The message of the last panic in this instance (`tcplab VERSION panicked at
/// FILE:LINE:COL: MESSAGE`), or undefined if there was none.
#[wasm_bindgen]
pub fn last_panic() -> Option<String> {
    LAST_PANIC.try_lock().ok().and_then(|slot| slot.clone())
}

/// Panic with `message`, for tests of the error path (the worker's report, the
/// bug-report button). Never called by the lab itself.
#[wasm_bindgen]
pub fn trigger_panic(message: &str) {
    panic!("{message}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hook_keeps_the_message_with_its_location() {
        install_hook();
        let r = std::panic::catch_unwind(|| trigger_panic("scenario broke the model"));
        let _ = std::panic::take_hook();
        assert!(r.is_err());
        let msg = last_panic().expect("kept");
        assert!(
            msg.starts_with("tcplab 0.1.0 panicked at ") && msg.contains("panic.rs:"),
            "{msg}"
        );
        assert!(msg.ends_with(": scenario broke the model"), "{msg}");
    }
}
