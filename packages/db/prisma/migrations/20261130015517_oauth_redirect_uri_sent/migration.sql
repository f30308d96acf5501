-- AlterTable
ALTER TABLE "oauth_authorization_request" ADD COLUMN     "redirect_uri_sent" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "oauth_code" ADD COLUMN     "redirect_uri_sent" BOOLEAN NOT NULL DEFAULT true;
