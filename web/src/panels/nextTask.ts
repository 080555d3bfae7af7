// A promise that resolves in a task of its own: work after `await nextTask()` runs once the page
// has had the chance to paint and answer input, instead of in the task that awaited it.
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
