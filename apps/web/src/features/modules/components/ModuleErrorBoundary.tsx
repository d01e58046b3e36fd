import type { PageModule } from '@trailpass/contract';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import ReportProblemOutlinedIcon from '~icons/ic/outline-report-problem';
import { Button } from '../../../components/ui';
import { useTranslation } from '../../../i18n';
import { ChunkLoadError } from '../../../lib/lazy';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
}

/**
 * A module's chunk did not arrive (offline, a new deploy, the 120 s timeout): the visitor can reload. A
 * warning announced at once (role alert, as it always was: components/ui's Alert would make it a status).
 */
export function ModuleLoadAlert() {
  const { t } = useTranslation('modules');
  return (
    <div role="alert" className="tp-alert tp-alert-warning">
      <ReportProblemOutlinedIcon />
      <div className="tp-alert-message">{t('moduleLoadFailed')}</div>
      <div className="tp-alert-action">
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </div>
    </div>
  );
}

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * One module's failure stays in that module. A chunk that failed to load shows an alert with Reload (the
 * page works, only this part is missing); a module that throws while rendering (bad data) is logged and
 * shows nothing, rather than breaking the whole page.
 */
export class ModuleErrorBoundary extends Component<{ module: PageModule; children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const { type, id } = this.props.module;
    const what = isChunkLoadError(error) ? 'could not be loaded' : 'failed to render';
    console.error(`Module ${type} ${id} ${what}.`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return isChunkLoadError(this.state.error) ? <ModuleLoadAlert /> : null;
  }
}
