import './site-chooser.css';
import type { SiteSummary } from '@kort/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorOf } from '../lib/errors';
import { ui } from '../lib/messages';
import { useChooseSite, useCurrentSite, useSites } from '../lib/sites';
import { Modal } from './ui/modal';
import { useToast } from './ui/toasts';

/**
 * «Площадка»: the club the player's calls act on, and the way to another, on an install with more
 * than one. With one site (or while the list is on its way, or could not be read) it is not there
 * at all: a one-club install's screens stay as they were.
 */
export function SiteChooser() {
  const sites = useSites().data ?? [];
  if (sites.length < 2) return null;
  return <SiteChoice sites={sites} />;
}

function SiteChoice({ sites }: { sites: SiteSummary[] }) {
  const toast = useToast();
  const current = useCurrentSite();
  const choose = useChooseSite();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const name = ui.sites.button(current ? current.name : ui.loading);

  function pick(site: SiteSummary) {
    if (site.id === current?.id) return setOpen(false);
    choose.mutate(site.id, {
      onSuccess: (answer) => {
        setOpen(false);
        toast(ui.sites.chosen(answer.detail.name));
        // A date or an hour picked in the address was the old site's: the booking starts over.
        if (search) void navigate(pathname, { replace: true });
      },
      onError: (failure) => toast(errorOf(failure).text, 'error'),
    });
  }

  return (
    <div className="site-chooser">
      <button type="button" aria-haspopup="dialog" aria-label={name} onClick={() => setOpen(true)}>
        <span className="site-chooser-label">{ui.sites.label}</span>
        <span className="site-chooser-name">{current ? current.name : ui.loading}</span>
      </button>
      <Modal open={open} title={ui.sites.chooseTitle} onClose={() => setOpen(false)}>
        <ul className="site-list">
          {sites.map((site) => {
            const chosen = site.id === current?.id;
            return (
              <li key={site.id}>
                <button
                  type="button"
                  className={chosen ? 'is-current' : undefined}
                  aria-current={chosen ? 'true' : undefined}
                  disabled={choose.isPending}
                  onClick={() => pick(site)}
                >
                  <span>{site.name}</span>
                  {chosen && <span className="site-current">{ui.sites.current}</span>}
                </button>
              </li>
            );
          })}
        </ul>
        {choose.isPending && <p role="status">{ui.wait}</p>}
      </Modal>
    </div>
  );
}
