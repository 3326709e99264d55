import type { ChatText } from './chat-text.js';
import type { ToolView } from './tool-part.js';

/** Props of `ToolCard`. */
export interface ToolCardProps {
  readonly view: ToolView;
  readonly text: ChatText;
  /** Answers a pending approval; absent while the chat is busy. */
  readonly onApproval?: (approvalId: string, approved: boolean) => void;
  /** A pending call of an earlier answer that cannot be decided here: it shows no approve or decline. */
  readonly settled?: boolean;
}

const statusText = (view: ToolView, text: ChatText, settled: boolean) =>
  ({
    running: text.toolRunning,
    pending: settled ? text.toolUnanswered : text.toolPending,
    approved: text.toolApproved,
    done: text.toolDone,
    failed: view.errorCode ?? text.toolFailed,
    declined: text.toolDeclined,
    expired: text.toolExpired,
  })[view.status];

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? '';

/** A tool call as a compact card: its name and status (or error code), details on demand, approve and decline. */
export function ToolCard({ view, text, onApproval, settled = false }: ToolCardProps) {
  return (
    <div className={`opwire-chat-tool opwire-chat-tool-${view.status}`} data-tool={view.toolName}>
      <details>
        <summary>
          <span className="opwire-chat-tool-name">{view.toolName}</span>
          <span className="opwire-chat-tool-status" data-status={view.status}>
            {statusText(view, text, settled)}
          </span>
        </summary>
        <div className="opwire-chat-tool-body">
          <div className="opwire-chat-tool-label">{text.input}</div>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long input or result scrolls, which a keyboard must reach to do (WCAG 2.1.1) */}
          <pre tabIndex={0}>{json(view.input)}</pre>
          {view.output !== undefined || view.errorMessage ? (
            <>
              <div className="opwire-chat-tool-label">{text.output}</div>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: as the input above */}
              <pre tabIndex={0}>{view.output !== undefined ? json(view.output) : view.errorMessage}</pre>
            </>
          ) : null}
        </div>
      </details>
      {view.status === 'pending' && view.approvalId !== undefined && !settled ? (
        <fieldset className="opwire-chat-approval" aria-label={text.approvalQuestion}>
          <p>{text.approvalQuestion}</p>
          <div className="opwire-chat-approval-buttons">
            <button
              type="button"
              className="opwire-chat-button opwire-chat-button-primary"
              disabled={!onApproval}
              onClick={() => onApproval?.(view.approvalId as string, true)}
            >
              {text.approve}
            </button>
            <button
              type="button"
              className="opwire-chat-button"
              disabled={!onApproval}
              onClick={() => onApproval?.(view.approvalId as string, false)}
            >
              {text.decline}
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
