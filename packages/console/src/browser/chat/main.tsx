import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../../chat/chat-drawer.css';
import '../shared/sign-in.css';
import './chat-page.css';
import { readPageConfig } from '../shared/page-config.js';
import { ChatPage } from './chat-page.js';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ChatPage config={readPageConfig()} />
    </StrictMode>,
  );
}
