import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  EyeInvisibleOutlined,
  EyeOutlined,
  type IconPaths,
  LoadingOutlined,
} from './iconPaths';
import './plain.css';

/**
 * Light pieces for the pages that load before Ant Design does (login, single sign-on, start-up,
 * route errors): plain elements styled by plain.css with the theme's values, so that the first
 * load of /login carries no Ant Design code. The signed-in shell uses Ant Design itself.
 */

/** An icon from its SVG paths, sized by the font and coloured by the text, as Ant Design's icons are. */
export function SvgIcon({ icon, spin = false, className }: { icon: IconPaths; spin?: boolean; className?: string }) {
  const classes = ['plain-icon', spin ? 'plain-spin-icon' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <svg className={classes} viewBox={icon.viewBox} aria-hidden="true" focusable="false">
      {icon.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

type PlainButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'default' | 'text';
  block?: boolean;
  /** Shows a spinner before the label and ignores clicks, as Ant Design's `loading`. */
  loading?: boolean;
};

export function PlainButton({
  variant = 'default',
  block = false,
  loading = false,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'plain-button',
    variant === 'primary' ? 'plain-button-primary' : '',
    variant === 'text' ? 'plain-button-text' : '',
    block ? 'plain-button-block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? <SvgIcon icon={LoadingOutlined} spin /> : null}
      <span>{children}</span>
    </button>
  );
}

/** A red (error) or yellow (warning) strip with its icon and a close button, as Ant Design's Alert. */
export function PlainAlert({
  type,
  children,
  onClose,
}: {
  type: 'error' | 'warning';
  children: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={`plain-alert plain-alert-${type}`}>
      <SvgIcon icon={type === 'error' ? CloseCircleFilled : ExclamationCircleFilled} />
      <div className="plain-alert-message">{children}</div>
      <button type="button" className="plain-alert-close" aria-label={t('common.close')} onClick={onClose}>
        <SvgIcon icon={CloseOutlined} />
      </button>
    </div>
  );
}

/** A large text input. */
export function PlainInput({ className, ...rest }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={['plain-input', className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}

/** A large password input with a button that shows or hides what was typed. */
export function PlainPassword(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <span className="plain-affix">
      <input type={visible ? 'text' : 'password'} {...props} />
      <button
        type="button"
        className="plain-affix-toggle"
        aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
        aria-pressed={visible}
        // The field keeps the focus while its content is shown or hidden with the mouse.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setVisible((shown) => !shown)}
      >
        <SvgIcon icon={visible ? EyeOutlined : EyeInvisibleOutlined} />
      </button>
    </span>
  );
}

/** Ant Design's large spinner, drawn in CSS. */
export function PlainSpinner() {
  return (
    <span className="plain-spinner" aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
