export * from './audit';
export * from './common';
export * from './holders';
export * from './staff';
