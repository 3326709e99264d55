// A host page of its own, on another origin than the shop: it mounts the chat drawer the way an app embedding it
// would, keeps it mounted, and passes no `onUnauthenticated`. The shop's address and the token come from the
// page's query (`?shop=…&token=…`). Plain JavaScript, bundled by the test with esbuild.
import { ChatDrawer } from '@opwire/console/chat';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const query = new URLSearchParams(location.search);
const shop = query.get('shop');
const token = query.get('token');

createRoot(document.getElementById('root')).render(
  createElement(
    'main',
    { className: 'host' },
    createElement('h1', null, 'Acme support'),
    createElement(ChatDrawer, {
      api: `${shop}/api/chat`,
      conversationsPath: `${shop}/conversations`,
      headers: () => ({ authorization: `Bearer ${token}` }),
      locale: 'en',
      title: 'Ask Acme',
    }),
  ),
);
