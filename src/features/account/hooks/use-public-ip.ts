import { useEffect, useState } from 'react';
import { lookupIp } from '../api/lookup-ip.ts';

/** Looks the public IP up once the lookup URL is known (login and register, docs/product-rules.md#account). */
export function usePublicIp(url: string | undefined): string {
  const [ip, setIp] = useState('');
  useEffect(() => {
    if (!url) return;
    let alive = true;
    void lookupIp(url).then((found) => {
      if (alive) setIp(found);
    });
    return () => {
      alive = false;
    };
  }, [url]);
  return ip;
}
