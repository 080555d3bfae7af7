//! wasm-bindgen facade over tcplab-grade, built as its own module (`tcplab_grade_wasm`): the
//! lessons, the teacher's grading and the Papers view load it when they open, so the lab page
//! downloads only the simulator's module (`tcplab_wasm`) to run a scenario. No simulator here
//! (tcplab-grade has none): the page runs the scenarios with the simulator's module.

mod api;

pub use api::*;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Runs once when the module is instantiated: a panic in the grader (a bug) is written to the
/// console with its location and message, rather than only `RuntimeError: unreachable`.
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!(
            "tcplab-grade {} {info}",
            env!("CARGO_PKG_VERSION")
        ))
    }));
}
