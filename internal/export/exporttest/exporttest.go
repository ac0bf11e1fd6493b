// Package exporttest fills a database with a provider who owns some of
// everything an export holds, for the export's tests and its benchmark.
package exporttest

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"time"

	"noces/internal/model"
	"noces/internal/platform/blob"
	"noces/internal/store"
)

// Sizes says how much the provider owns.
type Sizes struct {
	Requests int
	// MessagesPer is how many messages each unlocked request has.
	MessagesPer int
	Photos      int
	// PhotoBytes is the size of each photo file.
	PhotoBytes int
}

// Owned is what Seed wrote for one provider.
type Owned struct {
	User model.User
	// Tag is in every text the provider owns, so a test can look for
	// another provider's tag in a zip.
	Tag                                                    string
	Requests, Unlocked, Messages, Reviews, Credits, Photos int
}

// Seed creates a planner tagged tag with its company, profile, requests
// (every other one unlocked, with messages), reviews, credit history, a
// payment and photos whose files are in blobs. Rows are written in
// batches of transactions, so 10,000 requests take seconds.
func Seed(ctx context.Context, s *store.Store, blobs blob.Store, tag string, n Sizes, at time.Time) (Owned, error) {
	u := model.User{ID: model.NewID(), Email: tag + "@example.org", PasswordHash: "x", Role: model.RolePlanner,
		Firstname: "Prov" + tag, Lastname: "Ider", Locale: "en", Domain: "uk", IsModerated: true,
		PremiumStatus: model.PremiumNone, CreatedAt: at, UpdatedAt: at}
	o := Owned{User: u, Tag: tag}
	err := s.InTx(ctx, func(tx *store.Store) error {
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		if err := tx.CreateCompany(ctx, model.Company{UserID: u.ID, Name: "Company " + tag, Slug: "company-" + tag, SiretStatus: "unknown",
			City: "London", CountryCode: "GB", CreatedAt: at, UpdatedAt: at}); err != nil {
			return err
		}
		if err := tx.SavePortrait(ctx, model.Portrait{UserID: u.ID, Portrait: "Portrait of " + tag, Experience: "=cmd|' /C calc'!A0",
			UpdatedAt: at}); err != nil {
			return err
		}
		for i := range 3 {
			if err := tx.AddCreditLog(ctx, model.CreditLog{ID: model.NewID(), UserID: u.ID, CreatedAt: at.Add(time.Duration(i) * time.Second),
				Description: "credits.log.purchase", Deposited: 5, Ref: sql.NullString{String: fmt.Sprintf("seed:%s:%d", tag, i), Valid: true}}); err != nil {
				return err
			}
			o.Credits++
		}
		if _, err := tx.CreatePayment(ctx, model.Payment{ID: model.NewID(), UserID: u.ID, Provider: "sandbox", IntentID: "pi_" + tag,
			Credits: 5, AmountCents: 13500, Currency: "gbp", Status: "succeeded", CreatedAt: at, UpdatedAt: at}); err != nil {
			return err
		}
		for i := range 2 {
			if err := tx.CreateReview(ctx, model.Review{ID: model.NewID(), ProviderID: u.ID, Rating: 5, Title: "Great " + tag,
				Body: "+1 " + tag, ReviewerName: "Couple " + tag, ReviewerType: "couple", EmailKey: fmt.Sprintf("r%d-%s", i, tag),
				Status: model.ReviewApproved, CreatedAt: at}); err != nil {
				return err
			}
			o.Reviews++
		}
		return nil
	})
	if err != nil {
		return o, fmt.Errorf("exporttest: provider: %w", err)
	}
	const batch = 500
	for start := 0; start < n.Requests; start += batch {
		err := s.InTx(ctx, func(tx *store.Store) error {
			for i := start; i < min(start+batch, n.Requests); i++ {
				t := at.Add(time.Duration(i) * time.Minute)
				p := model.Project{ID: model.NewID(), Domain: "uk", EventType: "wedding", EventDate: "2027-06-12",
					ServiceType: "FULL_PLANNING", EventCity: "Bath", Message: fmt.Sprintf("@SUM(1) project %d of %s", i, tag),
					Firstname: "Ana" + tag, Lastname: "Lima" + tag, Email: fmt.Sprintf("couple%d-%s@example.org", i, tag),
					Phone: "+447700900000", CreatedAt: t}
				if err := tx.CreateProject(ctx, p); err != nil {
					return err
				}
				r := model.EventRequest{ID: model.NewID(), ProjectID: p.ID, ProviderID: u.ID, CreatedAt: t}
				if i%2 == 0 {
					r.UnlockedAt = sql.NullTime{Time: t.Add(time.Hour), Valid: true}
				}
				if err := tx.CreateEventRequest(ctx, r); err != nil {
					return err
				}
				o.Requests++
				if !r.UnlockedAt.Valid {
					continue
				}
				if _, err := tx.SQLTx().ExecContext(ctx, `UPDATE event_requests SET unlocked_at = $2 WHERE id = $1`, r.ID, r.UnlockedAt.Time); err != nil {
					return err
				}
				o.Unlocked++
				for j := range n.MessagesPer {
					sender := model.MessageFromProvider
					if j%2 == 1 {
						sender = model.MessageFromCouple
					}
					if err := tx.AddMessage(ctx, model.Message{ID: model.NewID(), RequestID: r.ID, Sender: sender,
						Body: fmt.Sprintf("-message %d of %s, \"quoted\"\nsecond line", j, tag), CreatedAt: t.Add(time.Duration(j+2) * time.Hour)}); err != nil {
						return err
					}
					o.Messages++
				}
			}
			return nil
		})
		if err != nil {
			return o, fmt.Errorf("exporttest: requests: %w", err)
		}
	}
	file := bytes.Repeat([]byte(tag), max(n.PhotoBytes/max(len(tag), 1), 1))
	for start := 0; start < n.Photos; start += batch {
		err := s.InTx(ctx, func(tx *store.Store) error {
			for i := start; i < min(start+batch, n.Photos); i++ {
				id := model.NewID()
				key := "images/" + u.ID + "/" + id + ".jpg"
				if err := blobs.Put(ctx, key, bytes.NewReader(file)); err != nil {
					return err
				}
				im := model.Image{ID: id, OwnerID: u.ID, Title: fmt.Sprintf("Photo %d of %s", i, tag), IsVisible: true, Position: i,
					ImageFile: model.ImageFile{ImageKey: key, Width: 1200, Height: 800, ThumbKey: key, ThumbWidth: 300, ThumbHeight: 200,
						ByteSize: len(file)}, CreatedAt: at, UpdatedAt: at}
				if err := tx.CreateImage(ctx, im); err != nil {
					return err
				}
				o.Photos++
			}
			return nil
		})
		if err != nil {
			return o, fmt.Errorf("exporttest: photos: %w", err)
		}
	}
	return o, nil
}
