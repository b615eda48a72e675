import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOCK_FROM_KEY, clearToken } from '../lib/storage';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'wheel'];

export function idleMilliseconds(): number {
  const minutes = Number(import.meta.env.VITE_IDLE_MINUTES ?? 15);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 15) * 60_000;
}

/**
 * After VITE_IDLE_MINUTES (default 15) without activity the app goes to /auth/lock-screen
 * (the token is dropped; the user and the page they were on are kept).
 */
export function useIdleLock(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const from = useRef(here);
  useEffect(() => {
    from.current = here;
  }, [here]);

  useEffect(() => {
    const ms = idleMilliseconds();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const lock = () => {
      sessionStorage.setItem(LOCK_FROM_KEY, from.current);
      clearToken();
      void navigate('/auth/lock-screen', { state: { from: from.current } });
    };
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(lock, ms);
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, restart, { passive: true }));
    restart();
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, restart));
    };
  }, [navigate]);
}
