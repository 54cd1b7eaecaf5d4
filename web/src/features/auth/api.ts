import { api } from '../../shared/api/clients';
import type { User } from '../../shared/api/types';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResult {
  token: string;
  expiresAt: string | null;
  user: User | null;
}

interface LoginBody {
  token?: string;
  expires_at?: string;
  user?: User;
}

/** `POST /api/auth/login`. The token comes in the body (`token`) or the `X-Auth-Token` header. */
export async function login(credentials: LoginRequest): Promise<LoginResult> {
  const response = await api.request<LoginBody | undefined>('POST', '/auth/login', {
    body: credentials,
    skipAuthRedirect: true,
  });
  const token = response.data?.token ?? response.headers.get('X-Auth-Token');
  if (!token) throw new Error('The login answer carried no token');
  return { token, expiresAt: response.data?.expires_at ?? null, user: response.data?.user ?? null };
}

/** `POST /api/auth/logout` (204). */
export async function logout(): Promise<void> {
  await api.post<undefined>('/auth/logout', undefined, { skipAuthRedirect: true });
}
