import { useState } from 'preact/hooks';
import { AdminApi, ApiFailure } from '../api';

/**
 * The operator signs in with a named operator token (ADR 0061). The token is checked with one
 * read call before it is kept.
 */
export function Login({ onToken, notice }: { onToken: (token: string) => void; notice?: string }) {
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const presented = token.trim();
    if (!presented) {
      setProblem('Enter your operator token.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await new AdminApi(presented).search({ limit: 1 });
      onToken(presented);
    } catch (error) {
      setProblem(
        error instanceof ApiFailure && (error.status === 401 || error.status === 403)
          ? 'That token was refused.'
          : `The token could not be checked: ${String(error instanceof Error ? error.message : error)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" class="login">
      <h1>Operator console</h1>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} aria-describedby="login-help">
        <label for="token">Operator token</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        <p id="login-help" class="help">
          A named operator token (or the bootstrap token). It is kept in this tab only and sent with
          every call as a Bearer token.
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
        {problem && (
          <p class="problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </main>
  );
}
