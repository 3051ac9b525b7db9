// Wire schemas shared by the services and the web app.
export * from './auth';
export * from './permissions';
export * from './events';
export * from './jobs';
