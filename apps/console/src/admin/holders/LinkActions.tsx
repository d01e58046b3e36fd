import Button from '@mui/material/Button';
import type { HolderDetail, PassLinkIssued } from '@trailpass/contract/console';
import { useState } from 'react';
import { useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { ApiError } from '../../api/errors';
import { emailLink, issueLink, revokeLink } from '../../api/holders';
import { ConfirmDialog } from './ConfirmDialog';
import { NewLinkDialog } from './NewLinkDialog';

type Pending = 'rotate' | 'email' | 'revoke' | null;

/**
 * The holder's pass link: e-mail a new one (their current links keep working), make a new one to hand
 * over (rotate: the current link stops working at once), or end it (revoke). Each asks first.
 */
export function LinkActions(props: { offerId: number; holder: HolderDetail; onChanged: () => void }) {
  const { offerId, holder, onChanged } = props;
  const notify = useNotify();
  // A call of our own (not the dataProvider's): a 401 must still send the staff member to sign in.
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<PassLinkIssued | null>(null);
  const ref = { offerId, holderId: holder.id };

  async function run(action: Exclude<Pending, null>) {
    setBusy(true);
    try {
      if (action === 'rotate') {
        setIssued(await issueLink(ref));
      } else if (action === 'email') {
        const sent = await emailLink(ref);
        notify(sent.message || `A new pass link is on its way to ${sent.to}.`, { type: 'success' });
      } else {
        await revokeLink(ref);
        notify('The pass link no longer works.', { type: 'success' });
      }
      setPending(null);
      onChanged();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && (await logoutIfAccessDenied(error))) return;
      notify(error instanceof ApiError ? error.message : 'The link could not be changed.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  const oldLinkEnds = holder.hasLink
    ? ' The current link stops working at once, and the holder is signed out of the pass on every device.'
    : '';
  return (
    <>
      <Button variant="outlined" onClick={() => setPending('email')}>
        Send new link by e-mail
      </Button>
      <Button variant="outlined" onClick={() => setPending('rotate')}>
        {holder.hasLink ? 'Rotate link' : 'Create link'}
      </Button>
      {holder.hasLink && (
        <Button variant="outlined" color="error" onClick={() => setPending('revoke')}>
          Revoke link
        </Button>
      )}
      <ConfirmDialog
        open={pending === 'email'}
        title="Send a new link by e-mail?"
        confirmLabel="Send link"
        busy={busy}
        onConfirm={() => run('email')}
        onClose={() => setPending(null)}
      >
        {`We make a new pass link and e-mail it to ${holder.email}. Links the holder already has keep working; to end them, rotate or revoke the link.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'rotate'}
        title={holder.hasLink ? 'Rotate the pass link?' : 'Create a pass link?'}
        confirmLabel={holder.hasLink ? 'Rotate link' : 'Create link'}
        busy={busy}
        danger={holder.hasLink}
        onConfirm={() => run('rotate')}
        onClose={() => setPending(null)}
      >
        {`You get a new link to give to ${holder.name}; it is shown once.${oldLinkEnds}`}
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'revoke'}
        title="Revoke the pass link?"
        confirmLabel="Revoke link"
        busy={busy}
        danger
        onConfirm={() => run('revoke')}
        onClose={() => setPending(null)}
      >
        {`${holder.name}'s link stops working at once, and they are signed out of the pass on every device. They cannot open the pass again until you make them a new link.`}
      </ConfirmDialog>
      <NewLinkDialog link={issued} onClose={() => setIssued(null)} />
    </>
  );
}
