// Runs the official Go client (fullcontact-go, package fc), unmodified, against a running Kith.
//
// Only the base URL is changed, as the client contract shows: the client's URLs are unexported constants, so
// the http.Client it is given (WithHTTPClient) rewrites scheme and host in its transport; the client still
// picks its parser by the original URL, so parsing is the client's own. Each check prints one line; the last
// line is "N failed" and the exit code is N. Environment, as for the Python program: KITH_URL, KITH_API_KEY; a
// person Kith holds: KITH_PERSON_EMAIL, KITH_PERSON_PHONE, KITH_PERSON_NAME (its full name); KITH_WEBHOOK_URL
// receives the webhook answers (the test harness checks them); a company Kith holds: KITH_COMPANY_DOMAIN,
// KITH_COMPANY_NAME, and KITH_COMPANY_WEBHOOK_URL for its webhook answer.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"sort"
	"strings"
	"time"

	fc "github.com/fullcontact/fullcontact-go/fc"
)

var failures = 0

func check(name string, ok bool, detail string) {
	if ok {
		fmt.Println("ok   " + name)
		return
	}
	failures++
	fmt.Printf("FAIL %s: %s\n", name, detail)
}

// describe says what the client made of an answer: a parse failure shows as Err (and StatusCode 0).
func describe(r *fc.APIResponse) string {
	return fmt.Sprintf("status=%d successful=%v err=%v", r.StatusCode, r.IsSuccessful, r.Err)
}

// toKith sends every request the client makes to Kith instead of the public API; the path (/v3/...) and the
// query stay as the client wrote them.
type toKith struct{ base *url.URL }

func (t toKith) RoundTrip(request *http.Request) (*http.Response, error) {
	local := request.Clone(request.Context())
	local.URL.Scheme, local.URL.Host, local.Host = t.base.Scheme, t.base.Host, t.base.Host
	return http.DefaultTransport.RoundTrip(local)
}

func randomId() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// tagSet lists tags as sorted "key=value" strings, to compare them whatever their order.
func tagSet(tags []fc.Tag) []string {
	out := []string{}
	for _, each := range tags {
		out = append(out, each.Key+"="+each.Value)
	}
	sort.Strings(out)
	return out
}

func tag(key, value string) *fc.Tag { return fc.NewTag(fc.WithTagKey(key), fc.WithTagValue(value)) }

// must stops the program when the client refuses to build a request (its own validation), which would be a
// mistake of this program rather than of Kith.
func must[T any](value T, err error) T {
	if err != nil {
		fmt.Println("FAIL building a request: " + err.Error())
		os.Exit(1)
	}
	return value
}

func main() {
	base, err := url.Parse(strings.TrimRight(os.Getenv("KITH_URL"), "/"))
	if err != nil || base.Host == "" {
		fmt.Println("FAIL KITH_URL is not a URL")
		os.Exit(1)
	}
	// The client's default timeout is 3 s; a client given its own http.Client keeps that client's.
	httpClient := &http.Client{Timeout: 3 * time.Second, Transport: toKith{base}}

	email := os.Getenv("KITH_PERSON_EMAIL")
	phone := os.Getenv("KITH_PERSON_PHONE")
	name := os.Getenv("KITH_PERSON_NAME")
	webhook := os.Getenv("KITH_WEBHOOK_URL")

	// A wrong key: 401, which the client does not count as a success; the JSON error body still parses.
	wrongKey := must(fc.NewStaticCredentialsProvider("kith_not-a-real-key"))
	refusing := must(fc.NewFullContactClient(fc.WithCredentialsProvider(wrongKey), fc.WithHTTPClient(httpClient)))
	refused := <-refusing.PersonEnrich(must(fc.NewPersonRequest(fc.WithEmail("someone@example.com"))))
	check("a wrong key is refused with 401", refused.Err == nil && refused.StatusCode == 401, describe(refused))
	check("the 401 is not a success to the client", !refused.IsSuccessful, describe(refused))

	// Every other call goes with a client-level header, which this client sends before its own headers.
	credentials := must(fc.NewStaticCredentialsProvider(os.Getenv("KITH_API_KEY")))
	client := must(fc.NewFullContactClient(fc.WithCredentialsProvider(credentials), fc.WithHTTPClient(httpClient),
		fc.WithHeaders(map[string]string{"Reporting-Key": "conformance"})))

	// person.enrich: a hit by email, read through the client's structs.
	hit := <-client.PersonEnrich(must(fc.NewPersonRequest(fc.WithEmail(email))))
	check("person.enrich by email matches", hit.Err == nil && hit.StatusCode == 200 && hit.IsSuccessful, describe(hit))
	person := hit.PersonResponse
	if person == nil {
		person = &fc.PersonResp{}
	}
	check("PersonResp.FullName is the person's name", person.FullName == name, person.FullName)
	details := person.Details
	if details == nil {
		details = &fc.Details{}
	}
	check("Details.Name.Full is the person's name", details.Name != nil && details.Name.Full == name, fmt.Sprint(details.Name))
	emailListed := false
	for _, listed := range details.Emails {
		emailListed = emailListed || (listed.Value == email && len(listed.Md5) == 32 && len(listed.Sha256) == 64)
	}
	check("Details.Emails lists the email with its hashes", emailListed, fmt.Sprint(len(details.Emails), " emails"))
	check("Details.Profiles.Twitter carries the userid as a string",
		details.Profiles != nil && details.Profiles.Twitter.UserId != "", fmt.Sprint(details.Profiles))
	check("Details.Identifiers lists the MAIDs and the li_nonid",
		len(details.Identifiers.Maids) == 2 && len(details.Identifiers.LiNonId) == 1, fmt.Sprint(details.Identifiers))

	// The same person by phone (the client sends only the plural `phones`).
	byPhone := <-client.PersonEnrich(must(fc.NewPersonRequest(fc.WithPhone(os.Getenv("KITH_PERSON_PHONE")))))
	check("person.enrich by phone matches",
		byPhone.Err == nil && byPhone.PersonResponse != nil && byPhone.PersonResponse.FullName == name, describe(byPhone))

	// A miss is 404, a success to this client.
	miss := <-client.PersonEnrich(must(fc.NewPersonRequest(fc.WithEmail("nobody-at-all@example.org"))))
	check("a miss is 404, a success to the client", miss.Err == nil && miss.StatusCode == 404 && miss.IsSuccessful, describe(miss))

	// With a webhook: 202 at once; the harness checks what arrives at the URL.
	queued := <-client.PersonEnrich(must(fc.NewPersonRequest(fc.WithEmail(email), fc.WithWebhookUrl(webhook))))
	check("person.enrich with webhookUrl is 202", queued.Err == nil && queued.StatusCode == 202 && queued.IsSuccessful, describe(queued))

	// company.enrich: a hit by domain, a miss, and a webhook answer (this client spells the key `webhoookUrl`).
	domain := os.Getenv("KITH_COMPANY_DOMAIN")
	company := <-client.CompanyEnrich(must(fc.NewCompanyRequest(fc.WithDomain(domain))))
	check("company.enrich by domain matches", company.Err == nil && company.StatusCode == 200 && company.IsSuccessful, describe(company))
	found := company.CompanyResponse
	if found == nil {
		found = &fc.CompanyResponse{}
	}
	check("CompanyResponse.Name is the company's name", found.Name == os.Getenv("KITH_COMPANY_NAME"), found.Name)
	imagesRead := found.Details != nil && len(found.Details.Images) > 0
	if imagesRead {
		for _, image := range found.Details.Images {
			imagesRead = imagesRead && image.Value != ""
		}
	}
	check("CompanyDetails.Images carry their value", imagesRead, fmt.Sprint(found.Details))
	unknownCompany := <-client.CompanyEnrich(must(fc.NewCompanyRequest(fc.WithDomain("no-such-company-go.example.org"))))
	check("an unknown domain is 404, a success to the client",
		unknownCompany.Err == nil && unknownCompany.StatusCode == 404 && unknownCompany.IsSuccessful, describe(unknownCompany))
	queuedCompany := <-client.CompanyEnrich(must(fc.NewCompanyRequest(fc.WithDomain(domain),
		fc.WithWebhookUrlForCompany(os.Getenv("KITH_COMPANY_WEBHOOK_URL")))))
	check("company.enrich with the client's webhoookUrl is 202",
		queuedCompany.Err == nil && queuedCompany.StatusCode == 202 && queuedCompany.IsSuccessful, describe(queuedCompany))

	// identity.map, identity.resolve (plain and ?tags=true), identity.mapResolve.
	recordId := "go-" + randomId()
	mapped := <-client.IdentityMap(must(fc.NewResolveRequest(fc.WithRecordIdForResolve(recordId), fc.WithEmailForResolve(email),
		fc.WithTagForResolve(tag("segment", "gold")), fc.WithTagForResolve(tag("segment", "trial")))))
	check("identity.map answers the recordId", mapped.Err == nil && mapped.StatusCode == 200 && mapped.ResolveResponse != nil &&
		reflect.DeepEqual(mapped.ResolveResponse.RecordIds, []string{recordId}), describe(mapped))
	resolved := <-client.IdentityResolve(must(fc.NewResolveRequest(fc.WithRecordIdForResolve(recordId))))
	check("identity.resolve by recordId", resolved.Err == nil && resolved.ResolveResponse != nil &&
		reflect.DeepEqual(resolved.ResolveResponse.RecordIds, []string{recordId}) && len(resolved.ResolveResponse.PersonIds) == 1,
		describe(resolved))
	byEmail := <-client.IdentityResolve(must(fc.NewResolveRequest(fc.WithEmailForResolve(email))))
	check("identity.resolve by email", byEmail.Err == nil && byEmail.ResolveResponse != nil &&
		contains(byEmail.ResolveResponse.RecordIds, recordId), describe(byEmail))
	withTags := <-client.IdentityResolveWithTags(must(fc.NewResolveRequest(fc.WithRecordIdForResolve(recordId))))
	check("identity.resolve?tags=true gives the tags by recordId", withTags.Err == nil && withTags.ResolveResponseWithTags != nil &&
		reflect.DeepEqual(tagSet(withTags.ResolveResponseWithTags.Tags[recordId]), []string{"segment=gold", "segment=trial"}),
		describe(withTags))
	secondId := "go-" + randomId()
	mapResolved := <-client.IdentityMapResolve(must(fc.NewResolveRequest(fc.WithRecordIdForResolve(secondId), fc.WithEmailForResolve(email))))
	check("identity.mapResolve maps and resolves", mapResolved.Err == nil && mapResolved.StatusCode == 200 &&
		mapResolved.ResolveResponse != nil && contains(mapResolved.ResolveResponse.RecordIds, secondId) &&
		len(mapResolved.ResolveResponse.PersonIds) == 1, describe(mapResolved))
	unknown := <-client.IdentityResolve(must(fc.NewResolveRequest(fc.WithRecordIdForResolve("unknown-" + randomId()))))
	check("an unknown record is 404, a success to the client", unknown.Err == nil && unknown.StatusCode == 404 && unknown.IsSuccessful, describe(unknown))

	// tags.create, tags.get and tags.delete.
	created := <-client.TagsCreate(must(fc.NewTagsRequest(fc.WithRecordIdForTags(recordId), fc.WithTag(tag("region", "emea")))))
	check("tags.create answers 200", created.Err == nil && created.StatusCode == 200 && created.IsSuccessful, describe(created))
	got := <-client.TagsGet(recordId)
	check("tags.get lists every tag", got.Err == nil && got.TagsResponse != nil && got.TagsResponse.RecordId == recordId &&
		reflect.DeepEqual(tagSet(got.TagsResponse.Tags), []string{"region=emea", "segment=gold", "segment=trial"}), describe(got))
	deleted := <-client.TagsDelete(must(fc.NewTagsRequest(fc.WithRecordIdForTags(recordId), fc.WithTag(tag("segment", "trial")))))
	check("tags.delete is a success", deleted.Err == nil && deleted.IsSuccessful, describe(deleted))
	after := <-client.TagsGet(recordId)
	check("the deleted tag is gone", after.Err == nil && after.TagsResponse != nil &&
		reflect.DeepEqual(tagSet(after.TagsResponse.Tags), []string{"region=emea", "segment=gold"}), describe(after))

	// audience.create on the record's tag, then audience.download of the gzip file once it is built.
	audience := <-client.AudienceCreate(must(fc.NewAudienceRequest(fc.WithWebhookUrlForAudience(webhook+"/audience"),
		fc.WithTagForAudience(tag("segment", "gold")))))
	check("audience.create answers 202 with a requestId", audience.Err == nil && audience.StatusCode == 202 &&
		audience.AudienceResponse != nil && audience.AudienceResponse.RequestId != "", describe(audience))
	// A quirk of the client, not of Kith (see shared/clients/README.md): its AudienceDownload panics before it
	// sends anything. It builds its GET with a nil *bytes.Buffer as the body, which http.NewRequest reads as a
	// non-nil io.Reader and calls Len on, in the client's own goroutine, so the panic cannot be recovered here and
	// would end the program. The download is therefore sent as that method would send it (GET
	// audience.download?requestId=..., with the client's headers, through the same http.Client), and checked for
	// what the client's parser (setAudienceResponse) needs: it keeps the raw bytes only when the answer is
	// application/octet-stream. A client release that fixes the method should be called here again instead.
	downloaded := download{}
	if audience.AudienceResponse != nil && audience.AudienceResponse.RequestId != "" {
		for attempt := 0; attempt < 100; attempt++ {
			downloaded = audienceDownload(httpClient, os.Getenv("KITH_API_KEY"), audience.AudienceResponse.RequestId)
			if downloaded.status != 202 {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	check("audience.download answers 200 with the bytes as application/octet-stream", downloaded.err == nil &&
		downloaded.status == 200 && downloaded.contentType == "application/octet-stream" && len(downloaded.body) > 0,
		downloaded.String())
	var file struct {
		Members []struct {
			RecordId string `json:"recordid"`
		} `json:"members"`
	}
	fileErr := gunzipJSON(downloaded.body, &file)
	check("the bytes are gzip JSON", fileErr == nil, fmt.Sprint(fileErr))
	check("the file lists the tagged record", len(file.Members) == 1 && file.Members[0].RecordId == recordId, fmt.Sprint(file.Members))

	removed := <-client.IdentityDelete(must(fc.NewResolveRequest(fc.WithRecordIdForResolve(recordId))))
	check("identity.delete answers 204", removed.Err == nil && removed.StatusCode == 204 && removed.IsSuccessful, describe(removed))

	// permission.create (the individual in `query`), find, current, verify and delete.
	individual := must(fc.NewMultifieldRequest(fc.WithEmailForMultifieldRequest("consent-" + randomId() + "@example.org")))
	given := <-client.PermissionCreate(must(fc.NewPermissionRequest(
		fc.WithMultifieldRequestForPermission(individual),
		fc.WithConsentPurposeForPermission(fc.NewConsentPurpose(fc.WithConsentPurposeId(2), fc.WithConsentPurposeChannel("web"),
			fc.WithConsentPurposeTtl(365), fc.WithConsentPurposeEnabled(true))),
		fc.WithPolicyUrlForPermission("https://example.org/privacy"), fc.WithTermsServiceForPermission("https://example.org/terms"),
		fc.WithCollectionMethodForPermission("web form"), fc.WithCollectionLocationForPermission("https://example.org/signup"))))
	check("permission.create answers 202", given.Err == nil && given.StatusCode == 202 && given.IsSuccessful, describe(given))
	events := <-client.PermissionFind(individual)
	check("permission.find lists the event", events.Err == nil && events.StatusCode == 200 && len(events.PermissionFindResponse) == 1 &&
		events.PermissionFindResponse[0].PermissionType == "create" && events.PermissionFindResponse[0].Created > 0 &&
		len(events.PermissionFindResponse[0].ConsentPurposes) == 1 && events.PermissionFindResponse[0].ConsentPurposes[0].PurposeId == 2,
		describe(events))
	current := <-client.PermissionCurrent(individual)
	check("permission.current is keyed by purpose then channel", current.Err == nil && current.StatusCode == 200 &&
		current.PermissionCurrentResponse["2"]["web"].Enabled, describe(current))
	verified := <-client.PermissionVerify(must(fc.NewPermissionRequest(fc.WithMultifieldRequestForPermission(individual),
		fc.WithPurposeIdForPermission(2), fc.WithChannelForPermission("web"))))
	check("permission.verify answers the purpose", verified.Err == nil && verified.PermissionVerifyResponse != nil &&
		verified.PermissionVerifyResponse.Enabled && verified.PermissionVerifyResponse.PurposeName == "Personalized Ads Profile" &&
		verified.PermissionVerifyResponse.Ttl == 365, describe(verified))
	withdrawn := <-client.PermissionDelete(individual)
	check("permission.delete answers 202", withdrawn.Err == nil && withdrawn.StatusCode == 202 && withdrawn.IsSuccessful, describe(withdrawn))
	nothing := <-client.PermissionCurrent(individual)
	check("nothing is current after it", nothing.Err == nil && nothing.StatusCode == 200 && len(nothing.PermissionCurrentResponse) == 0,
		describe(nothing))

	// verify.match, whose name and address fields this client declares as strings; verify.signals; verify.activity.
	matched := <-client.VerifyMatch(must(fc.NewMultifieldRequest(fc.WithEmailForMultifieldRequest(email),
		fc.WithPhoneForMultifieldRequest(phone))))
	check("verify.match answers 200 and parses", matched.Err == nil && matched.StatusCode == 200 && matched.IsSuccessful &&
		matched.VerifyMatchResponse != nil, describe(matched))
	match := matched.VerifyMatchResponse
	if match == nil {
		match = &fc.VerifyMatchResponse{}
	}
	check("verify.match: the email and the phone are the person's own", match.Email == "self" && match.Phone == "self",
		fmt.Sprintf("email=%q phone=%q", match.Email, match.Phone))
	check("verify.match: what was not given is unknown", match.City == "unknown" && match.FamilyName == "unknown",
		fmt.Sprintf("city=%q familyName=%q", match.City, match.FamilyName))
	nobody := <-client.VerifyMatch(must(fc.NewMultifieldRequest(fc.WithEmailForMultifieldRequest("nobody-" + randomId() + "@example.org"))))
	check("verify.match of nobody is 404, a success to the client", nobody.Err == nil && nobody.StatusCode == 404 && nobody.IsSuccessful,
		describe(nobody))
	signals := <-client.VerifySignals(must(fc.NewMultifieldRequest(fc.WithEmailForMultifieldRequest(email))))
	check("verify.signals answers 200 and parses", signals.Err == nil && signals.StatusCode == 200 && signals.VerifySignalsResponse != nil,
		describe(signals))
	if signals.VerifySignalsResponse == nil {
		signals.VerifySignalsResponse = &fc.VerifySignalsResponse{}
	}
	sha1Listed := false
	for _, listed := range signals.VerifySignalsResponse.Emails {
		sha1Listed = sha1Listed || len(listed.Sha1) == 40
	}
	check("verify.signals lists the email with its SHA-1", sha1Listed, fmt.Sprint(len(signals.VerifySignalsResponse.Emails), " emails"))
	check("verify.signals gives one person id", len(signals.VerifySignalsResponse.PersonIds) == 1, fmt.Sprint(signals.VerifySignalsResponse.PersonIds))
	check("verify.signals gives the family name", signals.VerifySignalsResponse.Name.FamilyName != "", "empty")
	activity := <-client.VerifyActivity(must(fc.NewMultifieldRequest(fc.WithEmailForMultifieldRequest(email))))
	check("verify.activity scores emails in 0..1", activity.Err == nil && activity.VerifyActivityResponse != nil &&
		activity.VerifyActivityResponse.Emails > 0 && activity.VerifyActivityResponse.Emails <= 1, describe(activity))

	fmt.Printf("%d failed\n", failures)
	os.Exit(failures)
}

// download is an audience.download answer as the client would have read it.
type download struct {
	status      int
	contentType string
	body        []byte
	err         error
}

func (d download) String() string {
	return fmt.Sprintf("status=%d content-type=%q bytes=%d err=%v", d.status, d.contentType, len(d.body), d.err)
}

// audienceDownload sends audience.download the way the client's AudienceDownload would (see where it is called):
// a GET to the client's URL, with the client-level header, the bearer key, and the client's Content-Type.
func audienceDownload(httpClient *http.Client, key, requestId string) download {
	request, err := http.NewRequest("GET", "https://api.fullcontact.com/v3/audience.download?requestId="+requestId, nil)
	if err != nil {
		return download{err: err}
	}
	request.Header.Add("Reporting-Key", "conformance")
	request.Header.Add("Authorization", "Bearer "+key)
	request.Header.Add("Content-Type", "application/json")
	response, err := httpClient.Do(request)
	if err != nil {
		return download{err: err}
	}
	defer response.Body.Close()
	body, err := io.ReadAll(response.Body)
	return download{status: response.StatusCode, contentType: response.Header.Get("Content-Type"), body: body, err: err}
}

func contains(values []string, wanted string) bool {
	for _, value := range values {
		if value == wanted {
			return true
		}
	}
	return false
}

func gunzipJSON(data []byte, into interface{}) error {
	reader, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return err
	}
	plain, err := io.ReadAll(reader)
	if err != nil {
		return err
	}
	return json.Unmarshal(plain, into)
}
