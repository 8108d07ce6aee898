import { useEffect, useRef, useState } from 'react';
import { Input, Text } from '@mantine/core';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { loadScript } from '@/lib/load-script';
import { useCaptchaChallenge } from '../api/get-captcha-challenge';

interface CaptchaFieldProps {
  kind: 'altcha' | 'recaptcha';
  recaptchaSiteKey: string | null;
  /** Changes after each refused attempt: a solved challenge is single-use. */
  attempt: number;
  onSolved: (solution: string | null) => void;
}

const LABEL = 'Security check';
const DESCRIPTION = 'Several sign-ins failed. Let this check finish, then sign in again.';

/**
 * The captcha the server asks for after repeated failed sign-ins (spec: accounts §2 Login).
 * Its solution travels as `g-recaptcha-response`. ALTCHA is a self-hosted proof of work;
 * reCAPTCHA is used only when the server is configured for it.
 */
export function CaptchaField(props: CaptchaFieldProps) {
  return (
    <Input.Wrapper label={LABEL} description={DESCRIPTION} component="div">
      <div role="group" aria-label={LABEL} style={{ marginTop: 8 }}>
        {props.kind === 'recaptcha' && props.recaptchaSiteKey ? (
          <RecaptchaWidget
            siteKey={props.recaptchaSiteKey}
            attempt={props.attempt}
            onSolved={props.onSolved}
          />
        ) : (
          <AltchaWidget attempt={props.attempt} onSolved={props.onSolved} />
        )}
      </div>
    </Input.Wrapper>
  );
}

function AltchaWidget({
  attempt,
  onSolved,
}: {
  attempt: number;
  onSolved: (solution: string | null) => void;
}) {
  const challenge = useCaptchaChallenge(attempt, true);
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const [isLoaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const onSolvedRef = useRef(onSolved);
  onSolvedRef.current = onSolved;

  useEffect(() => {
    let isAlive = true;
    // Loaded only when needed: most sign-ins never show a captcha.
    import('altcha')
      .then(() => isAlive && setLoaded(true))
      .catch(() => isAlive && setLoadFailed(true));
    return () => {
      isAlive = false;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget || !isLoaded || !challenge.data) return;
    onSolvedRef.current(null);
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string }>).detail;
      onSolvedRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    // The challenge was fetched (and parsed by the contract) through our API client.
    void widget.configure({
      challenge: challenge.data as unknown as Parameters<
        AltchaWidgetElement['configure']
      >[0]['challenge'],
      auto: 'onload',
      hideFooter: true,
    });
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [isLoaded, challenge.data]);

  if (challenge.isError || loadFailed) {
    return (
      <Text c="red.8" size="sm">
        The security check could not load. Check your connection and reload the page.
      </Text>
    );
  }
  return <altcha-widget ref={widgetRef} name="g-recaptcha-response" />;
}

interface Grecaptcha {
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ) => number;
  reset: (id?: number) => void;
  ready: (callback: () => void) => void;
}

function RecaptchaWidget({
  siteKey,
  attempt,
  onSolved,
}: {
  siteKey: string;
  attempt: number;
  onSolved: (solution: string | null) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetIdRef = useRef<number | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const onSolvedRef = useRef(onSolved);
  onSolvedRef.current = onSolved;

  useEffect(() => {
    let isAlive = true;
    loadScript('https://www.google.com/recaptcha/api.js?render=explicit')
      .then(() => {
        const grecaptcha = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
        grecaptcha?.ready(() => {
          if (!isAlive || !containerRef.current || widgetIdRef.current !== null) return;
          widgetIdRef.current = grecaptcha.render(containerRef.current, {
            sitekey: siteKey,
            callback: (token) => onSolvedRef.current(token),
            'expired-callback': () => onSolvedRef.current(null),
          });
        });
      })
      .catch(() => isAlive && setLoadFailed(true));
    return () => {
      isAlive = false;
    };
  }, [siteKey]);

  useEffect(() => {
    if (attempt === 0 || widgetIdRef.current === null) return;
    (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha?.reset(widgetIdRef.current);
    onSolvedRef.current(null);
  }, [attempt]);

  if (loadFailed) {
    return (
      <Text c="red.8" size="sm">
        The security check could not load. Check your connection and reload the page.
      </Text>
    );
  }
  return <div ref={containerRef} />;
}
