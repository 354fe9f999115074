export {
  createAuthProvider,
  type CemeteryAuthProvider,
  type AuthProviderSeams,
  type LocationLike,
} from './authProvider';
export * from '../shared/session';
