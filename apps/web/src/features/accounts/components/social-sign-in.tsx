import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { IconBrandFacebookFilled } from '@tabler/icons-react';
import { EmailSchema, MESSAGES, ROLE, type Session } from '@clearspeak/contract';
import { loadScript } from '@/lib/load-script';
import { errorMessage } from '@/lib/api';
import { clearAnonymousId, getAnonymousId } from '@/lib/anonymous-id';
import { useAuthConfig } from '../api/get-auth-config';
import { useSocialSignIn, type SocialProvider } from '../api/social-sign-in';

interface GoogleId {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup';
    cancel_on_tap_outside?: boolean;
  }) => void;
  renderButton: (
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline';
      size: 'large';
      text: 'signin_with' | 'continue_with';
      shape: 'pill';
      width: number;
      logo_alignment: 'center';
    },
  ) => void;
}
interface FacebookSdk {
  init: (options: { appId: string; version: string; cookie: boolean; xfbml: boolean }) => void;
  login: (
    callback: (response: { authResponse?: { accessToken: string } | null }) => void,
    options: { scope: string },
  ) => void;
  api: (
    path: string,
    params: { fields: string },
    callback: (response: { email?: string; name?: string; error?: unknown }) => void,
  ) => void;
}
type WithSdks = Window & { google?: { accounts: { id: GoogleId } }; FB?: FacebookSdk };

interface SocialSignInProps {
  /** signin: "Login with Google" and Facebook; signup: "Continue with Google". */
  mode: 'signin' | 'signup';
  onSession: (session: Session) => Promise<void>;
  onError: (message: string | null) => void;
}

interface PendingSocial {
  provider: SocialProvider;
  token: string;
  username?: string;
}

const GiveEmailSchema = z.object({ email: EmailSchema });

/**
 * Google and Facebook sign-in, shown only for the providers the server has configured
 * (GET /auth-config). Google uses Google Identity Services: its button hands us an ID token
 * that the server verifies (POST /google-web-login).
 */
export function SocialSignIn({ mode, onSession, onError }: SocialSignInProps) {
  const config = useAuthConfig();
  const social = useSocialSignIn();
  const [needsEmail, setNeedsEmail] = useState<PendingSocial | null>(null);
  const googleClientId = config.data?.google_client_id ?? null;
  const facebookAppId = mode === 'signin' ? (config.data?.facebook_app_id ?? null) : null;

  const send = async (pending: PendingSocial, email?: string) => {
    onError(null);
    const failed = pending.provider === 'google' ? MESSAGES.googleFailed : MESSAGES.facebookFailed;
    try {
      const result = await social.mutateAsync({
        provider: pending.provider,
        token: pending.token,
        role: ROLE.learner,
        email,
        username: pending.username,
        anonymousUserId: getAnonymousId(),
      });
      if ('need_email' in result) {
        setNeedsEmail(pending);
        return;
      }
      setNeedsEmail(null);
      clearAnonymousId();
      await onSession(result.data);
    } catch (error) {
      onError(
        error instanceof Error && errorMessage(error) !== MESSAGES.generic
          ? errorMessage(error)
          : failed,
      );
    }
  };

  if (!googleClientId && !facebookAppId) return null;
  return (
    <Stack gap="sm">
      {googleClientId && (
        <GoogleButton
          clientId={googleClientId}
          text={mode === 'signin' ? 'signin_with' : 'continue_with'}
          label={mode === 'signin' ? 'Login with Google' : 'Continue with Google'}
          onToken={(token) => void send({ provider: 'google', token })}
          onError={onError}
        />
      )}
      {facebookAppId && (
        <FacebookButton
          appId={facebookAppId}
          onToken={(pending) => void send(pending)}
          onError={onError}
        />
      )}
      <Divider label="Or" labelPosition="center" />
      <GiveEmailModal
        opened={needsEmail !== null}
        isSubmitting={social.isPending}
        onClose={() => setNeedsEmail(null)}
        onSubmit={(email) => needsEmail && void send(needsEmail, email)}
      />
    </Stack>
  );
}

function GoogleButton(props: {
  clientId: string;
  text: 'signin_with' | 'continue_with';
  label: string;
  onToken: (token: string) => void;
  onError: (message: string) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const { clientId, text } = props;

  useEffect(() => {
    let isAlive = true;
    loadScript('https://accounts.google.com/gsi/client')
      .then(() => {
        const google = (window as WithSdks).google;
        if (!isAlive || !containerRef.current || !google) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => {
            if (response.credential) callbacks.current.onToken(response.credential);
            else callbacks.current.onError(MESSAGES.googleFailed);
          },
        });
        const width = Math.min(
          400,
          Math.max(200, Math.floor(containerRef.current.getBoundingClientRect().width) || 320),
        );
        google.accounts.id.renderButton(containerRef.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          shape: 'pill',
          width,
          logo_alignment: 'center',
        });
      })
      // Google's button lives in a third-party iframe (spec: accounts §8).
      .catch(() => isAlive && callbacks.current.onError(MESSAGES.thirdPartyCookies));
    return () => {
      isAlive = false;
    };
  }, [clientId, text]);

  return (
    <div
      ref={containerRef}
      role="group"
      aria-label={props.label}
      style={{ minHeight: 44, display: 'flex', justifyContent: 'center' }}
    />
  );
}

function FacebookButton(props: {
  appId: string;
  onToken: (pending: PendingSocial) => void;
  onError: (message: string) => void;
}) {
  const [isReady, setReady] = useState(false);
  const callbacks = useRef(props);
  callbacks.current = props;
  const { appId } = props;

  useEffect(() => {
    let isAlive = true;
    loadScript('https://connect.facebook.net/en_US/sdk.js')
      .then(() => {
        const fb = (window as WithSdks).FB;
        if (!isAlive || !fb) return;
        fb.init({ appId, version: 'v19.0', cookie: false, xfbml: false });
        setReady(true);
      })
      .catch(() => isAlive && callbacks.current.onError(MESSAGES.thirdPartyCookies));
    return () => {
      isAlive = false;
    };
  }, [appId]);

  const login = () => {
    const fb = (window as WithSdks).FB;
    if (!fb) return;
    fb.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (!token) {
          callbacks.current.onError(MESSAGES.popupClosed);
          return;
        }
        // Name (and email, when shared) go along; the server trusts only what Facebook confirms.
        fb.api('/me', { fields: 'name' }, (me) => {
          callbacks.current.onToken({ provider: 'facebook', token, username: me.name });
        });
      },
      { scope: 'email' },
    );
  };

  return (
    <Button
      variant="default"
      radius="xl"
      leftSection={<IconBrandFacebookFilled size={20} color="#1877f2" />}
      onClick={login}
      disabled={!isReady}
      fullWidth
    >
      Facebook
    </Button>
  );
}

function GiveEmailModal(props: {
  opened: boolean;
  isSubmitting: boolean;
  onClose: () => void;
  onSubmit: (email: string) => void;
}) {
  const form = useForm({ resolver: zodResolver(GiveEmailSchema), defaultValues: { email: '' } });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={MESSAGES.giveEmailTitle} centered>
      <form noValidate onSubmit={form.handleSubmit((values) => props.onSubmit(values.email))}>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={form.formState.errors.email?.message}
          />
          <Button type="submit" loading={props.isSubmitting} fullWidth>
            Continue
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
