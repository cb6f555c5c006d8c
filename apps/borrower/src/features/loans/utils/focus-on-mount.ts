/**
 * A ref that moves the focus to an element when it appears (a step's heading), so that a keyboard
 * or screen-reader user starts the new step at its top. One function for every render, so that
 * React calls it once, on mount, and never again while the step is shown.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
