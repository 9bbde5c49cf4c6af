// The keys the person has pressed in the window, counted: a question that main's answer raises can
// tell whether the person went on typing after asking, and then it must not open over their typing.
let pressed = 0;

/** Starts counting; returns the stop. */
export function countKeys(): () => void {
  const count = () => void pressed++;
  window.addEventListener('keydown', count, true);
  return () => window.removeEventListener('keydown', count, true);
}

export const keysPressed = (): number => pressed;
