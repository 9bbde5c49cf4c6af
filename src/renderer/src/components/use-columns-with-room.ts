import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { GIVE_WAY_ORDER, useColumnsWithoutRoom, type ColumnId, type DetailColumn } from '../list-columns';

const NONE: readonly ColumnId[] = [];

/**
 * The chosen detail columns the list has room for: the list never scrolls sideways. When its
 * rows are wider than the list, the columns of GIVE_WAY_ORDER are left out, first to last, until
 * what they free covers the overflow (each column is then as narrow as it may be, so its header's
 * width is what leaving it out frees). Measured when the width or what the columns hold changes,
 * never as the list scrolls or is filtered; `layout` names what the columns' widths depend on.
 */
export function useColumnsWithRoom(
  chosen: readonly DetailColumn[],
  scroller: RefObject<HTMLElement | null>,
  layout: string,
): readonly DetailColumn[] {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller]);

  const key = `${width} ${layout} ${chosen.map((column) => column.id).join(' ')}`;
  const [fit, setFit] = useState<{ key: string; without: readonly ColumnId[] }>({ key: '', without: NONE });
  // Another width or other columns: every chosen one is tried again.
  const without = fit.key === key ? fit.without : NONE;
  const shown = chosen.filter((column) => !without.includes(column.id));

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const overflow = element.scrollWidth - element.clientWidth;
    const more = [...without];
    let freed = 0;
    for (const id of GIVE_WAY_ORDER) {
      if (overflow <= 1 || freed >= overflow) break;
      const header = element.querySelector<HTMLElement>(`thead th.detail-${id}`);
      if (header === null || more.includes(id)) continue;
      more.push(id);
      freed += header.getBoundingClientRect().width;
    }
    // Only a change of what is left out renders the list again: the same answer for another key is kept as it is.
    if (more.length !== without.length) setFit({ key, without: more });
  }, [key, without, scroller]);

  const told = without.join(' ');
  useEffect(() => {
    useColumnsWithoutRoom.setState({ without: told === '' ? NONE : (told.split(' ') as ColumnId[]) });
  }, [told]);
  useEffect(() => () => useColumnsWithoutRoom.setState({ without: NONE }), []);
  return shown;
}
