CREATE TABLE `sign_in_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sign_in_codes_token_hash_unique` ON `sign_in_codes` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sign_in_codes_email` ON `sign_in_codes` (`email`);