// What the frontends use of React Router, shared under the key 'react-router' in place of the whole package
// (issue 45). A shared module is never tree-shaken, and the package's entry also carries the data routers, server
// rendering, RSC and cookie/session helpers: sharing this file shares only the exports below, the rest of React
// Router is dropped at build time. Anything else imported from 'react-router' would be undefined in the browser;
// react-router-shared.spec.ts fails on such an import: add the name here. Component tests (Jest, MemoryRouter) take
// the package itself, not this file.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-build';
