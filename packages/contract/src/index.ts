export * from './analytics';
export * from './auth';
export * from './common';
export * from './data';
export * from './entities';
export * from './paths';
