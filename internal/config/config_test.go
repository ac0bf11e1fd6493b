package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) Getenv { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DataDir != "./data" || c.DatabaseURL != "sqlite:data/noces.db" ||
		c.PublicPort != "8080" || c.ShutdownTimeout != 15*time.Second || c.SMTP.Host != "" || c.SearchCache != 4096 {
		t.Errorf("defaults: %+v", c)
	}
	if len(c.Hosts) != 7 || c.Hosts[1].Public != "be.localhost" || c.Hosts[1].Pro != "pro.be.localhost" {
		t.Errorf("hosts: %+v", c.Hosts)
	}
}

func TestInvalidValuesStopTheStartWithTheirName(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"a listen address without a port", map[string]string{"NOCES_ADDR": "localhost"}, "NOCES_ADDR"},
		{"an unknown database scheme", map[string]string{"NOCES_DATABASE_URL": "mysql://x"}, "NOCES_DATABASE_URL"},
		{"a short token key", map[string]string{"NOCES_TOKEN_KEY": "short"}, "NOCES_TOKEN_KEY"},
		{"an unknown log level", map[string]string{"NOCES_LOG_LEVEL": "loud"}, "NOCES_LOG_LEVEL"},
		{"a boolean that is not one", map[string]string{"NOCES_DEMO": "maybe"}, "NOCES_DEMO"},
		{"a search cache of fewer than no answers", map[string]string{"NOCES_SEARCH_CACHE": "-1"}, "NOCES_SEARCH_CACHE"},
		{"a port that is not a number", map[string]string{"NOCES_SMTP_HOST": "smtp.example.com", "NOCES_SMTP_PORT": "x"}, "NOCES_SMTP_PORT"},
		{"an unknown SMTP security", map[string]string{"NOCES_SMTP_HOST": "smtp.example.com", "NOCES_SMTP_SECURITY": "ssl3"}, "NOCES_SMTP_SECURITY"},
		{"two domains on one host", map[string]string{"NOCES_HOST_BE_PUBLIC": "fr.localhost"}, "also used by"},
		{"a secret file that does not exist", map[string]string{"NOCES_TOKEN_KEY_FILE": "/nonexistent/key"}, "NOCES_TOKEN_KEY_FILE"},
		{"a duration that is not one", map[string]string{"NOCES_SHUTDOWN_TIMEOUT": "soon"}, "NOCES_SHUTDOWN_TIMEOUT"},
		{"a trusted proxy that is not a CIDR", map[string]string{"NOCES_TRUSTED_PROXIES": "10.0.0.0/8, proxy.internal"}, "NOCES_TRUSTED_PROXIES"},
		{"a trusted proxy with a prefix too long", map[string]string{"NOCES_TRUSTED_PROXIES": "10.0.0.0/33"}, "NOCES_TRUSTED_PROXIES"},
		{"password lanes that are not a number", map[string]string{"NOCES_PASSWORD_LANES": "two"}, "NOCES_PASSWORD_LANES"},
		{"negative password lanes", map[string]string{"NOCES_PASSWORD_LANES": "-1"}, "NOCES_PASSWORD_LANES"},
		{"a password queue wait of nothing", map[string]string{"NOCES_PASSWORD_QUEUE_WAIT": "0s"}, "NOCES_PASSWORD_QUEUE_WAIT"},
		{"a memory limit without a unit", map[string]string{"NOCES_MEMORY_LIMIT": "512"}, "NOCES_MEMORY_LIMIT"},
		{"a memory limit too small to run", map[string]string{"NOCES_MEMORY_LIMIT": "10MiB"}, "NOCES_MEMORY_LIMIT"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(env(tc.env))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error naming %s", err, tc.want)
			}
		})
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.TrustedProxies) != 0 {
		t.Errorf("by default no proxy is trusted: %v", c.TrustedProxies)
	}
	c, err = Load(env(map[string]string{"NOCES_TRUSTED_PROXIES": "10.0.0.0/8, 2001:db8::/32,192.0.2.7"}))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 2001:db8::/32 192.0.2.7/32" {
		t.Errorf("trusted proxies: %v", got)
	}
	if !strings.Contains(c.String(), "trusted_proxies=10.0.0.0/8,2001:db8::/32,192.0.2.7/32") {
		t.Errorf("the start log does not say which proxies are trusted: %s", c)
	}
}

func TestSecretsFromFilesAndMasked(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "key")
	if err := os.WriteFile(keyFile, []byte(strings.Repeat("s", 40)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(env(map[string]string{
		"NOCES_TOKEN_KEY_FILE": keyFile,
		"NOCES_DATABASE_URL":   "postgres://noces:hunter2@db.internal:5432/noces?sslmode=require",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.TokenKey != strings.Repeat("s", 40) {
		t.Errorf("the key file was not read: %q", c.TokenKey)
	}
	printed := c.String()
	if strings.Contains(printed, "hunter2") || strings.Contains(printed, strings.Repeat("s", 40)) {
		t.Errorf("a secret is printed: %s", printed)
	}
	if !strings.Contains(printed, "db.internal") {
		t.Errorf("the database host should be printed: %s", printed)
	}
}

func TestEveryVariableIsInTheREADME(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(readme), "`"+v.Name+"`") {
			t.Errorf("README.md does not document %s", v.Name)
		}
	}
}

func TestTheMetricsTokenFromItsFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "metrics")
	if err := os.WriteFile(file, []byte("scrape-me-please\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(env(map[string]string{"NOCES_METRICS_TOKEN_FILE": file}))
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsToken != "scrape-me-please" {
		t.Errorf("the metrics token file was not read: %q", c.MetricsToken)
	}
	if c, _ := Load(env(map[string]string{"NOCES_METRICS_TOKEN": "direct"})); c.MetricsToken != "direct" {
		t.Errorf("NOCES_METRICS_TOKEN: %q", c.MetricsToken)
	}
	if strings.Contains(c.String(), "scrape-me-please") {
		t.Error("the metrics token is printed")
	}
}

func TestTheInstagramSettings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ig")
	if err := os.WriteFile(file, []byte("ig-secret-from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load(env(map[string]string{"NOCES_INSTAGRAM_APP_ID": "990602627938098", "NOCES_INSTAGRAM_APP_SECRET_FILE": file}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Instagram.AppSecret != "ig-secret-from-file" || c.Instagram.GraphURL != DefaultInstagramGraphURL ||
		c.Instagram.AuthorizeURL != DefaultInstagramAuthorizeURL || c.Instagram.TokenURL != DefaultInstagramTokenURL ||
		c.Instagram.SyncInterval != DefaultInstagramSyncInterval {
		t.Errorf("instagram settings: %+v", c.Instagram)
	}
	if printed := c.String(); strings.Contains(printed, "ig-secret-from-file") || !strings.Contains(printed, "instagram=on(") {
		t.Errorf("printed: %s", printed)
	}
	for name, vars := range map[string]map[string]string{
		"an id without a secret": {"NOCES_INSTAGRAM_APP_ID": "1"},
		"a secret without an id": {"NOCES_INSTAGRAM_APP_SECRET": "s"},
		"a graph URL that is not one": {"NOCES_INSTAGRAM_APP_ID": "1", "NOCES_INSTAGRAM_APP_SECRET": "s",
			"NOCES_INSTAGRAM_GRAPH_URL": "graph.instagram.com"},
		"a sync interval of seconds": {"NOCES_INSTAGRAM_APP_ID": "1", "NOCES_INSTAGRAM_APP_SECRET": "s",
			"NOCES_INSTAGRAM_SYNC_INTERVAL": "5s"},
	} {
		if _, err := Load(env(vars)); err == nil || !strings.Contains(err.Error(), "NOCES_INSTAGRAM_") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if c, err := Load(env(nil)); err != nil || c.Instagram.AppID != "" || !strings.Contains(c.String(), "instagram=unavailable") {
		t.Errorf("without settings: %v %s", err, c.String())
	}
}

func TestTheMediaStorageSettings(t *testing.T) {
	c, err := Load(env(map[string]string{"NOCES_DATA_DIR": "/srv/noces"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.BlobURL != "file:/srv/noces/media" || c.S3.PathStyle != nil || !strings.Contains(c.String(), "media=file:/srv/noces/media") {
		t.Errorf("by default media live in the data folder: %q %+v %s", c.BlobURL, c.S3, c)
	}

	file := filepath.Join(t.TempDir(), "s3-secret")
	if err := os.WriteFile(file, []byte("s3-secret-from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err = Load(env(map[string]string{"NOCES_BLOB_URL": "s3://noces-media/prod", "NOCES_S3_ENDPOINT": "https://s3.fr-par.scw.cloud",
		"NOCES_S3_REGION": "fr-par", "NOCES_S3_ACCESS_KEY_ID": "SCWKEY", "NOCES_S3_SECRET_ACCESS_KEY_FILE": file, "NOCES_S3_PATH_STYLE": "true"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.BlobURL != "s3://noces-media/prod" || c.S3.Endpoint != "https://s3.fr-par.scw.cloud" || c.S3.Region != "fr-par" ||
		c.S3.AccessKeyID != "SCWKEY" || c.S3.SecretAccessKey != "s3-secret-from-file" || c.S3.PathStyle == nil || !*c.S3.PathStyle {
		t.Errorf("s3 settings: %q %+v", c.BlobURL, c.S3)
	}
	if printed := c.String(); strings.Contains(printed, "s3-secret-from-file") || !strings.Contains(printed, "media=s3://noces-media/prod/(https://s3.fr-par.scw.cloud)") {
		t.Errorf("printed: %s", printed)
	}
	if c, err := Load(env(map[string]string{"NOCES_BLOB_URL": "s3://noces-media", "NOCES_S3_ACCESS_KEY_ID": "AKIA", "NOCES_S3_SECRET_ACCESS_KEY": "direct"})); err != nil ||
		c.S3.SecretAccessKey != "direct" || !strings.Contains(c.String(), "(https://s3.amazonaws.com)") {
		t.Errorf("AWS by default: %v %+v", err, c.S3)
	}
	// The S3 settings matter only with an s3:// URL: a folder needs none.
	if _, err := Load(env(map[string]string{"NOCES_BLOB_URL": "file:/srv/media", "NOCES_S3_ENDPOINT": "not a URL"})); err != nil {
		t.Errorf("a folder with stray S3 settings: %v", err)
	}

	s3 := func(more map[string]string) map[string]string {
		m := map[string]string{"NOCES_BLOB_URL": "s3://noces-media", "NOCES_S3_ACCESS_KEY_ID": "k", "NOCES_S3_SECRET_ACCESS_KEY": "s"}
		for k, v := range more {
			m[k] = v
		}
		return m
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string
	}{
		{"a media URL of another scheme", map[string]string{"NOCES_BLOB_URL": "gs://noces-media"}, "NOCES_BLOB_URL: want file:<folder> or s3://bucket/prefix"},
		{"an s3 URL without a bucket", map[string]string{"NOCES_BLOB_URL": "s3:///media"}, "NOCES_BLOB_URL: s3: URL has no bucket"},
		{"a bucket name S3 refuses", map[string]string{"NOCES_BLOB_URL": "s3://Noces_Media"}, "NOCES_BLOB_URL"},
		{"an s3 URL without keys", map[string]string{"NOCES_BLOB_URL": "s3://noces-media"}, "NOCES_S3_ACCESS_KEY_ID and NOCES_S3_SECRET_ACCESS_KEY are required"},
		{"an endpoint without a scheme", s3(map[string]string{"NOCES_S3_ENDPOINT": "s3.fr-par.scw.cloud"}), "NOCES_S3_ENDPOINT: want an http(s) URL"},
		{"an endpoint of another scheme", s3(map[string]string{"NOCES_S3_ENDPOINT": "ftp://s3.example.com"}), "NOCES_S3_ENDPOINT"},
		{"an endpoint with the bucket in its path", s3(map[string]string{"NOCES_S3_ENDPOINT": "https://s3.example.com/noces-media"}), "NOCES_S3_ENDPOINT: want the service's address only"},
		{"a path-style switch that is not a boolean", s3(map[string]string{"NOCES_S3_PATH_STYLE": "path"}), "NOCES_S3_PATH_STYLE"},
		{"a secret file that does not exist", s3(map[string]string{"NOCES_S3_SECRET_ACCESS_KEY": "", "NOCES_S3_SECRET_ACCESS_KEY_FILE": "/nonexistent/s3"}), "NOCES_S3_SECRET_ACCESS_KEY_FILE"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Load(env(tc.env)); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func TestThePasswordLanesAndTheMemoryLimit(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.PasswordLanes != 0 || c.PasswordQueueWait != 3*time.Second || c.MemoryLimit != DefaultMemoryLimit {
		t.Errorf("defaults: lanes %d, queue wait %s, memory limit %d", c.PasswordLanes, c.PasswordQueueWait, c.MemoryLimit)
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want int64
	}{
		{"in MiB", map[string]string{"NOCES_MEMORY_LIMIT": "300MiB"}, 300 << 20},
		{"in GiB", map[string]string{"NOCES_MEMORY_LIMIT": "1GiB"}, 1 << 30},
		{"in MB", map[string]string{"NOCES_MEMORY_LIMIT": "500MB"}, 500e6},
		{"off", map[string]string{"NOCES_MEMORY_LIMIT": "off"}, 0},
		{"the runtime's GOMEMLIMIT wins over the default", map[string]string{"GOMEMLIMIT": "200MiB"}, 0},
		{"but not over a setting", map[string]string{"GOMEMLIMIT": "200MiB", "NOCES_MEMORY_LIMIT": "1GiB"}, 1 << 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load(env(tc.env))
			if err != nil || c.MemoryLimit != tc.want {
				t.Errorf("memory limit %d (%v), want %d", c.MemoryLimit, err, tc.want)
			}
		})
	}
	c, err = Load(env(map[string]string{"NOCES_PASSWORD_LANES": "3", "NOCES_PASSWORD_QUEUE_WAIT": "500ms"}))
	if err != nil || c.PasswordLanes != 3 || c.PasswordQueueWait != 500*time.Millisecond {
		t.Errorf("lanes %d, queue wait %s (%v)", c.PasswordLanes, c.PasswordQueueWait, err)
	}
	if s := c.String(); !strings.Contains(s, "password_lanes=3") || !strings.Contains(s, "memory_limit=512MiB") {
		t.Errorf("the start line does not say them: %s", s)
	}
}

func TestTheLegalSettings(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Legal.Dir != "" || c.Legal.Company != DefaultLegalCompany || c.Legal.Email != DefaultLegalEmail {
		t.Errorf("defaults: %+v", c.Legal)
	}
	if got := c.DemoLegalFacts(); len(got) != 6 || got[0] != "NOCES_LEGAL_ADDRESS" {
		t.Errorf("demo facts: %v", got)
	}
	c, err = Load(env(map[string]string{"NOCES_LEGAL_DIR": "/etc/noces/legal", "NOCES_LEGAL_COMPANY": " Mariages Exemple SARL ",
		"NOCES_LEGAL_EMAIL": "dpo@example.com"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Legal.Dir != "/etc/noces/legal" || c.Legal.Company != "Mariages Exemple SARL" || c.Legal.Email != "dpo@example.com" {
		t.Errorf("set: %+v", c.Legal)
	}
	if got := c.DemoLegalFacts(); len(got) != 4 {
		t.Errorf("demo facts: %v", got)
	}
	for name, v := range map[string]string{"NOCES_LEGAL_EMAIL": "nobody", "NOCES_LEGAL_COMPANY": "<script>x</script>",
		"NOCES_LEGAL_ADDRESS": "two\nlines", "NOCES_LEGAL_HOST": strings.Repeat("h", 301), "NOCES_LEGAL_DIRECTOR": "{{email}}"} {
		if _, err := Load(env(map[string]string{name: v})); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: %v", name, v, err)
		}
	}
}

func TestPricesPerCurrency(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Prices["eur"] != DefaultPrices["eur"] || c.Prices["gbp"] != DefaultPrices["gbp"] {
		t.Errorf("defaults %+v", c.Prices)
	}
	c, err = Load(env(map[string]string{"NOCES_PRICES_GBP": "25.50/59/590"}))
	if err != nil {
		t.Fatal(err)
	}
	if want := (Prices{CreditCents: 2550, MonthlyCents: 5900, YearlyCents: 59000}); c.Prices["gbp"] != want {
		t.Errorf("gbp %+v, want %+v", c.Prices["gbp"], want)
	}
	for _, bad := range []string{"30/69", "30/69/690/1", "abc/69/690", "30.123/69/690", "-1/69/690", "0.50/69/690", "30/69/900", "30/69/50", "30/0/0", "30/69/ "} {
		if _, err := Load(env(map[string]string{"NOCES_PRICES_EUR": bad})); err == nil || !strings.Contains(err.Error(), "NOCES_PRICES_EUR") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func FuzzParsePrices(f *testing.F) {
	for _, seed := range []string{"30/69/690", "26/59/590", "25.5/59/590", "25.50/59.99/599.90", "", "/", "1//", "9999999/1/1", "1.2.3/4/5"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, v string) {
		p, err := parsePrices(v)
		if err != nil {
			return
		}
		if p.CreditCents < 0 || p.MonthlyCents < 0 || p.YearlyCents < 0 {
			t.Fatalf("%q gave negative prices %+v", v, p)
		}
		// What parses writes back to the same amounts.
		again, err := parsePrices(p.String())
		if err != nil || again != p {
			t.Fatalf("%q -> %+v -> %q -> %+v %v", v, p, p.String(), again, err)
		}
	})
}
