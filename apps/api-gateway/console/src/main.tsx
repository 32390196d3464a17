import { render } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { AdminApi } from './api';
import { PageTitle } from './components';
import { BalancePage } from './pages/Balance';
import { Login } from './pages/Login';
import { DeliveriesPage, ProjectsPage } from './pages/Projects';
import { SearchPage } from './pages/Search';
import { TracePage } from './pages/Trace';
import { useRoute, type Route } from './router';
import { forgetToken, savedToken, saveToken } from './session';
import './styles.css';

function Page({ api, route }: { api: AdminApi; route: Route }) {
  switch (route.page) {
    case 'search':
      return <SearchPage api={api} query={route.query} />;
    case 'transaction':
      return <TracePage api={api} target={{ kind: 'transaction', id: route.id }} />;
    case 'order':
      return (
        <TracePage
          api={api}
          target={{ kind: 'order', projectId: route.projectId, orderId: route.orderId }}
        />
      );
    case 'processing':
      return <TracePage api={api} target={{ kind: 'processing', id: route.id }} />;
    case 'projects':
      return <ProjectsPage />;
    case 'deliveries':
      return <DeliveriesPage api={api} projectId={route.projectId} query={route.query} />;
    case 'balance':
      return <BalancePage api={api} projectId={route.projectId} />;
    case 'not-found':
      return <PageTitle>No page at {route.path}</PageTitle>;
  }
}

function App() {
  const [token, setToken] = useState(savedToken);
  const [notice, setNotice] = useState<string | undefined>();
  const route = useRoute();
  const signOut = (why?: string) => {
    forgetToken();
    setNotice(why);
    setToken(null);
  };
  const api = useMemo(
    () =>
      token ? new AdminApi(token, () => signOut('Your token was refused; sign in again.')) : null,
    [token],
  );
  if (!api) {
    return (
      <Login
        notice={notice}
        onToken={(presented) => {
          saveToken(presented);
          setNotice(undefined);
          setToken(presented);
        }}
      />
    );
  }
  const current = route.page;
  return (
    <>
      <a
        class="skip"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('page-title')?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <span class="brand">OPP operator console</span>
        <nav aria-label="Main">
          <a href="#/search" aria-current={current === 'search' ? 'page' : undefined}>
            Search
          </a>
          <a
            href="#/projects"
            aria-current={
              current === 'projects' || current === 'deliveries' || current === 'balance'
                ? 'page'
                : undefined
            }
          >
            Projects
          </a>
        </nav>
        <button type="button" class="secondary" onClick={() => signOut('Signed out.')}>
          Sign out
        </button>
      </header>
      <main id="main">
        <Page key={location.hash} api={api} route={route} />
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
