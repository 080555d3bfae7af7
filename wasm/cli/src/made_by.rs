//! What `tcplab` says about a scenario file another model version wrote: the page's export
//! records its model version and the trace hash of its run in `made_by`; a run under another
//! version may differ for that reason alone, so the CLI says so, and after the run it shows
//! both trace hashes when they differ.

/// This build's model version (the workspace's one version, as the page's links carry it).
pub const MODEL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// The note before a run: `None` when the file says nothing or was made by this version.
pub fn other_model(file: &str, s: &sim::Scenario) -> Option<String> {
    let theirs = &s.made_by.as_ref()?.model;
    (theirs != MODEL_VERSION).then(|| {
        format!(
            "note: {file} was made by model version {theirs}; this is version {MODEL_VERSION}, \
             so its run may differ from what its author saw"
        )
    })
}

/// The note after a run: both trace hashes, when the file carries one and it differs.
pub fn other_hash(file: &str, s: &sim::Scenario, now: &str) -> Option<String> {
    let saved = s.made_by.as_ref()?.trace_hash.as_deref()?;
    (saved != now).then(|| format!("note: {file}: trace hash when saved {saved}, now {now}"))
}
