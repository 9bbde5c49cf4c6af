/**
 * Waits the in-page benchmarks share, as source text for a function evaluated in the page: the end
 * of the frame that shows a change (`frameDone`), and the moment the page holds what is wanted (`until`).
 */
export const PAGE_WAITS = `
  const frameDone = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const until = (done) => new Promise((resolve) => {
    if (done()) return resolve();
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(); } });
    observer.observe(document.body, { childList: true, subtree: true });
  });`;
