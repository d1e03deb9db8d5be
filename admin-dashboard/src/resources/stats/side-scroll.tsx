import { Box, Typography } from '@mui/material';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Where the view is along the content: the thumb's left and width as shares of the track. */
interface View {
  more: boolean;
  overflows: boolean;
  left: number;
  width: number;
}

/**
 * A region wider than the screen that says so: «Прокрутите вправо →» while more of it lies to the
 * right, and under it a track whose thumb shows the part in view (a phone's own scrollbar is hidden
 * until touched, so it is drawn here). Focusable, so a keyboard scrolls it too. Where it fits,
 * neither shows.
 */
export function SideScroll({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ more: false, overflows: false, left: 0, width: 1 });
  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const { scrollLeft, clientWidth, scrollWidth } = element;
    setView({
      more: scrollLeft + clientWidth < scrollWidth - 1,
      overflows: scrollWidth > clientWidth + 1,
      left: scrollWidth > 0 ? scrollLeft / scrollWidth : 0,
      width: scrollWidth > 0 ? Math.min(1, clientWidth / scrollWidth) : 1,
    });
  }, []);
  useEffect(() => {
    measure();
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        aria-hidden={!view.more}
        sx={{ textAlign: 'right', minHeight: '1.5em', visibility: view.more ? 'visible' : 'hidden' }}
      >
        {translate('kort.stats.scroll_right')}
      </Typography>
      <Box
        ref={box}
        onScroll={measure}
        tabIndex={0}
        role="region"
        aria-label={label}
        sx={{
          overflowX: 'auto',
          // A finger's overlay scrollbar gives way to the track below; a mouse keeps its own to drag.
          '@media (pointer: coarse)': { scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } },
        }}
      >
        {children}
      </Box>
      {view.overflows && (
        <Box aria-hidden data-scroll-track sx={{ mt: 1, height: 6, borderRadius: 3, bgcolor: 'action.selected' }}>
          <Box
            data-scroll-thumb
            sx={{
              height: '100%',
              borderRadius: 3,
              bgcolor: 'text.secondary',
              width: `${view.width * 100}%`,
              ml: `${view.left * 100}%`,
            }}
          />
        </Box>
      )}
    </>
  );
}
