export * from './analytics';
export * from './auth';
export * from './common';
export * from './constants';
export * from './data';
export * from './entities';
export * from './health';
export * from './paths';
