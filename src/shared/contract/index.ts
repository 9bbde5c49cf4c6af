export * from './deprecation';
export * from './errors';
export * from './int64';
export * from './limits';
export * from './pet';
export * from './validate';
export * from './environments';
export * from './sync';
