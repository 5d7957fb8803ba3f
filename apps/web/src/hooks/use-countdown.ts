import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline, ticking once a second. The deadline
 * is a clock time, so a throttled background tab still ends on time.
 */
export function useCountdown(seconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const restart = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setDeadline(time + seconds * 1000);
  }, [seconds]);

  /** Ends the countdown now (the server said the code is used up). */
  const expire = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setDeadline(time);
  }, []);

  const remaining = Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, restart, expire };
}

/** 120 → "2:00", 59 → "0:59". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
