CREATE TABLE `payment_items` (
	`id` text PRIMARY KEY NOT NULL,
	`account` text NOT NULL,
	`time` integer NOT NULL,
	`amount_kop` integer NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`payment_id` integer,
	`outcome` text NOT NULL,
	`review` text,
	`review_note` text DEFAULT '' NOT NULL,
	`reviewed_at` integer,
	`claim` text NOT NULL,
	`source` text NOT NULL,
	`seen_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_items_review` ON `payment_items` (`review`);--> statement-breakpoint
CREATE INDEX `payment_items_payment` ON `payment_items` (`payment_id`);--> statement-breakpoint
CREATE TABLE `provider_state` (
	`key` text PRIMARY KEY NOT NULL,
	`last_call_at` integer DEFAULT 0 NOT NULL,
	`not_before` integer DEFAULT 0 NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`cursor` integer,
	`gap_to` integer,
	`reached_to` integer
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `days` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `label` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `expires_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_ref_unique` ON `payments` (`provider_ref`);