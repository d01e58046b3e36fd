export * from './audit';
export * from './common';
export * from './holders';
export * from './paths';
export * from './staff';
