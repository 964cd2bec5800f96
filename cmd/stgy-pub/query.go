package main

import "github.com/stgy/stgypub"

func stgypubQuery(limit int) stgypub.PostQuery {
	return stgypub.PostQuery{Order: stgypub.OrderNewest, Limit: limit}
}
