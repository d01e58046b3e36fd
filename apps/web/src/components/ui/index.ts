// The plain components (decision 0027): MUI's look in plain CSS (styles/ui.css), no MUI or emotion at run time.
export { Alert, type AlertSeverity } from './Alert';
export { Button, ButtonAnchor, ButtonLink } from './Button';
export { type ButtonLook, buttonClass } from './button-class';
export { Chip } from './Chip';
export { cx } from './classes';
export { RETRYING_MESSAGE, RetryAlert } from './RetryAlert';
export { Skeleton } from './Skeleton';
export { Spinner } from './Spinner';
export { type TabItem, Tabs } from './Tabs';
