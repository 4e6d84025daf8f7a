import styles from './skeleton.module.css';

export interface SkeletonProps {
  height: number | string;
  width?: number | string;
  radius?: number;
  className?: string;
  /** false: a still placeholder for space reserved for content that is not loading yet. */
  animated?: boolean;
}

/** Reserves the size of content that is still loading, so nothing jumps when it arrives. */
export function Skeleton({ height, width = '100%', radius, className, animated = true }: SkeletonProps) {
  return (
    <div
      className={[styles.skeleton, animated ? styles.animated : '', className ?? ''].join(' ')}
      style={{ height, width, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
