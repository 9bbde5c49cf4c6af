/**
 * Text a person typed (an animal's name, a server's message), isolated from the app's sentence
 * around it: a right-to-left name, or one a server sends with direction controls, can never
 * reorder the words of the app's own sentence.
 */
export function Name({ children }: { children: string }) {
  return <bdi>{children}</bdi>;
}
