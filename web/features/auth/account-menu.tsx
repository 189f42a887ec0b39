import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { errorDialog } from '../../lib/dialogs.ts';
import { useAccountLanguage } from '../users/language.api.ts';
import { useSignOut } from './session-changes.api.ts';
import { showSignedOut } from './signed-out-dialog.ts';

const menuItems = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none';

/** SPEC §2: the signed-in user's avatar menu, with Dashboard and SignOut. */
export function AccountMenu({ user, onNavigate }: { user: SessionUser; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();
  useAccountLanguage(user.id);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  // Opened: focus the first item. A click anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        event.stopPropagation(); // Not also the navbar's mobile menu.
        close();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  const onSignOut = () => {
    close(false);
    onNavigate?.();
    signOut.mutate(undefined, {
      onSuccess: () => void showSignedOut(),
      onError: () => void errorDialog(t('errors.title'), t('errors.generic')),
    });
  };

  return (
    <div ref={rootRef} className="relative min-w-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={t('auth.accountMenu', { name: user.name })}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex max-w-full min-w-0 items-center gap-2 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
      >
        <UserAvatar name={user.name} image={user.image} className="size-10 text-sm" eager />
        {/* A long name is cut here; its title, the menu's label and the profile carry it whole. */}
        <span
          title={user.name}
          className="min-w-0 truncate text-sm font-medium text-gray-700 md:sr-only"
        >
          {user.name}
        </span>
      </button>
      <div
        hidden={!open}
        className="z-50 mt-2 w-56 max-w-[calc(100vw-2rem)] rounded-lg border border-gray-200 bg-white p-1 shadow-lg md:absolute md:right-0"
      >
        <p
          title={user.email}
          className="truncate border-b border-gray-100 px-3 py-2 text-xs text-gray-500"
        >
          {user.email}
        </p>
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-label={user.name}
          onKeyDown={onMenuKeyDown}
        >
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/dashboard"
            className={itemClass}
            onClick={() => {
              close(false);
              onNavigate?.();
            }}
          >
            {t('auth.dashboard')}
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={itemClass}
            disabled={signOut.isPending}
            onClick={onSignOut}
          >
            {t('auth.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}
