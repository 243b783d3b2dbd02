import type { CSSProperties } from 'react';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** 'text' rounds like a line of text, 'block' like a card, 'circle' like an avatar. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
}

/** A placeholder where data will stand; hidden from assistive technology, which hears the page's status instead. */
export function Skeleton({ width = '100%', height = '1em', shape = 'text', className }: SkeletonProps) {
  const classes = ['ui-skeleton', `ui-skeleton--${shape}`, className].filter(Boolean).join(' ');
  return <span className={classes} style={{ width, height }} aria-hidden="true" />;
}
