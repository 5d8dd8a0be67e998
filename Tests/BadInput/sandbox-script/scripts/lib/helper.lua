return { ok = true }
