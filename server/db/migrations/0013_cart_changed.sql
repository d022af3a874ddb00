-- Every change of what a cart read answers is announced on the channel cart_changed, at commit: a line (its cart's uuid), a cart (c:uuid:session hash:user), a session's owner, expiry or end (s:session hash). Each server keeps recent cart reads in memory and forgets what a notice names (server/services/cart/cartReadCache.ts, issue 31). A session's last-seen time is not announced: the cart read does not answer it.
CREATE FUNCTION "cart_changed_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('cart_changed', OLD.cart_uuid::text); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.cart_uuid IS DISTINCT FROM OLD.cart_uuid) THEN PERFORM pg_notify('cart_changed', NEW.cart_uuid::text); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "cart_changed_cart"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('cart_changed', 'c:' || OLD.uuid || ':' || coalesce(OLD.session_id_hash, '') || ':' || coalesce(OLD.user_uuid::text, '')); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('cart_changed', 'c:' || NEW.uuid || ':' || coalesce(NEW.session_id_hash, '') || ':' || coalesce(NEW.user_uuid::text, '')); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "cart_changed_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cart_changed', 's:' || OLD.id_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_lines_cart_changed" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "cart_changed_line"();
--> statement-breakpoint
CREATE TRIGGER "carts_cart_changed" AFTER INSERT OR UPDATE OR DELETE ON "carts" FOR EACH ROW EXECUTE FUNCTION "cart_changed_cart"();
--> statement-breakpoint
CREATE TRIGGER "sessions_cart_changed" AFTER UPDATE OF "user_uuid", "expires_at", "portal_uuid", "id_hash" OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "cart_changed_session"();
