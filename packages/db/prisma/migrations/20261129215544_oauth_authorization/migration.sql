-- CreateTable
CREATE TABLE "oauth_client" (
    "client_id" TEXT NOT NULL,
    "registration" TEXT NOT NULL,
    "client_name" TEXT NOT NULL,
    "client_uri" TEXT,
    "redirect_uris" TEXT[],
    "metadata" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_client_pkey" PRIMARY KEY ("client_id")
);

-- CreateTable
CREATE TABLE "oauth_authorization_request" (
    "id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "state" TEXT,
    "code_challenge" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_authorization_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_grant" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "resource" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "oauth_code" (
    "code_hash" TEXT NOT NULL,
    "grant_id" UUID NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_code_pkey" PRIMARY KEY ("code_hash")
);

-- CreateTable
CREATE TABLE "oauth_token" (
    "token_hash" TEXT NOT NULL,
    "grant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "oauth_token_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "oauth_authorization_request_expires_at_idx" ON "oauth_authorization_request"("expires_at");

-- CreateIndex
CREATE INDEX "oauth_grant_account_id_idx" ON "oauth_grant"("account_id");

-- CreateIndex
CREATE INDEX "oauth_code_grant_id_idx" ON "oauth_code"("grant_id");

-- CreateIndex
CREATE INDEX "oauth_token_grant_id_idx" ON "oauth_token"("grant_id");

-- AddForeignKey
ALTER TABLE "oauth_authorization_request" ADD CONSTRAINT "oauth_authorization_request_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("client_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_grant" ADD CONSTRAINT "oauth_grant_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_grant" ADD CONSTRAINT "oauth_grant_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_client"("client_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_code" ADD CONSTRAINT "oauth_code_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "oauth_grant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "oauth_token" ADD CONSTRAINT "oauth_token_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "oauth_grant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
