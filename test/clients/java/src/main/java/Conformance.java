import com.fullcontact.apilib.FCConstants;
import com.fullcontact.apilib.FullContactException;
import com.fullcontact.apilib.auth.StaticApiKeyCredentialProvider;
import com.fullcontact.apilib.enrich.FullContact;
import com.fullcontact.apilib.models.Request.MultifieldRequest;
import com.fullcontact.apilib.models.Request.PurposeRequest;
import com.fullcontact.apilib.models.Response.AudienceResponse;
import com.fullcontact.apilib.models.Response.CompanyResponse;
import com.fullcontact.apilib.models.Response.ConsentPurposeResponse;
import com.fullcontact.apilib.models.Response.FCResponse;
import com.fullcontact.apilib.models.Response.PersonResponse;
import com.fullcontact.apilib.models.Response.ResolveResponse;
import com.fullcontact.apilib.models.Response.TagsResponse;
import com.fullcontact.apilib.models.Tag;
import com.fullcontact.apilib.retry.DefaultRetryHandler;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * Runs the official Java 11 client (com.fullcontact.client:java11), unmodified, against a running Kith.
 *
 * <p>Only the base URL is changed, as the client contract shows: the URIs are constants, but the two
 * request builders are protected, so a subclass swaps the prefix. Each check prints one line ("ok   name" or
 * "FAIL name: detail") and the exit code is the number of failed checks. Environment: KITH_URL (e.g.
 * http://127.0.0.1:8080), KITH_API_KEY, and a person Kith holds: KITH_PERSON_EMAIL, KITH_PERSON_PHONE,
 * KITH_PERSON_NAME (its full name); KITH_WEBHOOK_URL receives the webhook answers (the test harness checks
 * them); a company Kith holds: KITH_COMPANY_DOMAIN, KITH_COMPANY_NAME, and KITH_COMPANY_WEBHOOK_URL.
 *
 * <p>The client parses every non-empty body with Gson into the operation's class, whatever the status, so
 * a body of the wrong shape fails the future: each call below is checked for that before its fields are.
 */
public class Conformance {
  static final String KITH = System.getenv("KITH_URL").replaceAll("/+$", "") + "/v3/";
  static final String EMAIL = System.getenv("KITH_PERSON_EMAIL");
  static final String PHONE = System.getenv("KITH_PERSON_PHONE");
  static final String NAME = System.getenv("KITH_PERSON_NAME");
  static final String WEBHOOK = System.getenv("KITH_WEBHOOK_URL");
  static int failures = 0;

  /** The unmodified client, sending to Kith instead of the hard-coded public host. */
  static class LocalFullContact extends FullContact {
    LocalFullContact(String key, Map<String, String> headers) throws FullContactException {
      // The client's defaults: 3 s per request, one retry on 429/503 or a transport error.
      super(new StaticApiKeyCredentialProvider(key), headers, 3000, new DefaultRetryHandler());
    }

    private static URI local(URI uri) {
      return URI.create(uri.toString().replace(FCConstants.API_BASE_DEFAULT, KITH));
    }

    @Override
    protected HttpRequest buildHttpRequest(URI uri, String body) {
      return super.buildHttpRequest(local(uri), body);
    }

    @Override
    protected HttpRequest buildHttpGetRequest(URI uri) {
      return super.buildHttpGetRequest(local(uri));
    }
  }

  static void check(String name, BooleanSupplier condition, Supplier<Object> detail) {
    boolean passed;
    String why;
    try {
      passed = condition.getAsBoolean();
      why = passed ? "" : String.valueOf(detail.get());
    } catch (RuntimeException e) { // a null field read through a getter is a failure, not a crash
      passed = false;
      why = e.toString();
    }
    System.out.println(passed ? "ok   " + name : "FAIL " + name + ": " + why);
    if (!passed) failures++;
  }

  /**
   * Sends one request and waits for the parsed answer. A failed future (Gson could not read the body, the
   * client timed out) is a failed check of its own; the null it returns then fails the checks after it.
   */
  static <T> T call(String name, Callable<CompletableFuture<T>> request) {
    try {
      T response = request.call().get(30, TimeUnit.SECONDS);
      check(name + " is read by the client", () -> true, () -> "");
      return response;
    } catch (Exception e) {
      check(name + " is read by the client", () -> false, () -> e.getCause() != null ? e.getCause() : e);
      return null;
    }
  }

  /**
   * person.enrich and company.enrich may answer 202 "queued, retry" when the answer is not ready within the
   * clients' timeout; as the contract says, the caller then sends the same query again.
   */
  static <T extends FCResponse> T callUntilAnswered(String name, Callable<CompletableFuture<T>> request)
      throws InterruptedException {
    T response = call(name, request);
    for (int attempt = 0; response != null && response.statusCode == 202 && attempt < 20; attempt++) {
      Thread.sleep(500);
      response = call(name + " (again after 202)", request);
    }
    return response;
  }

  static String describe(FCResponse response) {
    return response == null ? "no response" : "status=" + response.statusCode + " message=" + response.message + " " + response;
  }

  static Tag tag(String key, String value) {
    return Tag.builder().key(key).value(value).build();
  }

  static List<String> tagsOf(List<Tag> tags) {
    return tags.stream().map(t -> t.getKey() + "=" + t.getValue()).sorted().collect(Collectors.toList());
  }

  static MultifieldRequest byEmail(String email) {
    return FullContact.buildMultifieldRequest().email(email).build();
  }

  public static void main(String[] args) throws Exception {
    // A wrong key: 401, not counted as success, the JSON message read into the response's `message`.
    FullContact stranger = new LocalFullContact("kith_not-a-real-key", null);
    PersonResponse refused =
        call("a wrong key", () -> stranger.enrich(FullContact.buildPersonRequest().email("someone@example.com").build()));
    check("a wrong key is refused with 401", () -> refused.statusCode == 401, () -> describe(refused));
    check("the 401 is not a success to the client", () -> !refused.isSuccessful, () -> describe(refused));
    check("the 401 message is read from the JSON body", () -> refused.message.contains("API key"), () -> describe(refused));
    stranger.close();

    // Client-level headers are the only custom headers this client has; Reporting-Key is the documented one.
    FullContact client = new LocalFullContact(System.getenv("KITH_API_KEY"), Map.of("Reporting-Key", "conformance"));

    // person.enrich: a hit by email. This client always sends infer:true and empty phones/maids/profiles.
    PersonResponse hit = callUntilAnswered("person.enrich by email",
        () -> client.enrich(FullContact.buildPersonRequest().email(EMAIL).build()));
    check("person.enrich by email matches", () -> hit.statusCode == 200 && hit.isSuccessful, () -> describe(hit));
    check("the response carries the full name", () -> NAME.equals(hit.getFullName()), () -> describe(hit));
    check("details.name.full is the full name",
        () -> NAME.equals(hit.getDetails().orElseThrow().getName().getFull()), () -> describe(hit));
    check("details.emails lists the email with its MD5",
        () -> hit.getDetails().orElseThrow().getEmails().stream()
            .anyMatch(e -> EMAIL.equals(e.getValue()) && e.getMd5() != null && e.getMd5().length() == 32),
        () -> describe(hit));
    check("details.identifiers lists the MAIDs",
        () -> !hit.getDetails().orElseThrow().getIdentifiers().getMaids().isEmpty(), () -> describe(hit));

    PersonResponse byPhone = callUntilAnswered("person.enrich by phone",
        () -> client.enrich(FullContact.buildPersonRequest().phone(PHONE).build()));
    check("person.enrich by phone matches", () -> NAME.equals(byPhone.getFullName()), () -> describe(byPhone));

    // A miss is 404 "Profile not found", which this client counts as a success.
    PersonResponse miss = call("person.enrich of nobody",
        () -> client.enrich(FullContact.buildPersonRequest().email("nobody-at-all@example.org").build()));
    check("a miss is 404", () -> miss.statusCode == 404, () -> describe(miss));
    check("the 404 is a success to the client", () -> miss.isSuccessful, () -> describe(miss));
    check("the 404 message is Profile not found", () -> "Profile not found".equals(miss.message), () -> describe(miss));

    // With a webhook: 202 at once; the harness checks what arrives at the URL.
    PersonResponse queued = call("person.enrich with webhookUrl",
        () -> client.enrich(FullContact.buildPersonRequest().email(EMAIL).webhookUrl(WEBHOOK).build()));
    check("with webhookUrl the answer is 202", () -> queued.statusCode == 202 && queued.isSuccessful, () -> describe(queued));

    // identity.map, identity.resolve (plain and ?tags=true), identity.mapResolve. The client always sends
    // tags:[] and the empty identifier arrays on these.
    String recordId = "java-" + UUID.randomUUID();
    ResolveResponse mapped = call("identity.map", () -> client.identityMap(FullContact.buildResolveRequest()
        .recordId(recordId).email(EMAIL).tag(tag("segment", "gold")).tag(tag("segment", "trial")).build()));
    check("identity.map answers the recordId",
        () -> mapped.statusCode == 200 && List.of(recordId).equals(mapped.getRecordIds()), () -> describe(mapped));
    ResolveResponse resolved = call("identity.resolve by recordId",
        () -> client.identityResolve(FullContact.buildResolveRequest().recordId(recordId).build()));
    check("identity.resolve by recordId gives the record and one person",
        () -> List.of(recordId).equals(resolved.getRecordIds()) && resolved.getPersonIds().size() == 1, () -> describe(resolved));
    ResolveResponse byEmail = call("identity.resolve by email",
        () -> client.identityResolve(FullContact.buildResolveRequest().email(EMAIL).build()));
    check("identity.resolve by email finds the record", () -> byEmail.getRecordIds().contains(recordId), () -> describe(byEmail));
    var withTags = call("identity.resolve?tags=true",
        () -> client.identityResolveWithTags(FullContact.buildResolveRequest().recordId(recordId).build()));
    check("identity.resolve?tags=true gives the tags keyed by recordId",
        () -> withTags.getTags().keySet().equals(java.util.Set.of(recordId))
            && tagsOf(withTags.getTags().get(recordId)).equals(List.of("segment=gold", "segment=trial")),
        () -> describe(withTags));
    ResolveResponse unknown = call("identity.resolve of an unknown record",
        () -> client.identityResolve(FullContact.buildResolveRequest().recordId("unknown-" + UUID.randomUUID()).build()));
    check("an unknown record is a 404 the client takes as success",
        () -> unknown.statusCode == 404 && unknown.isSuccessful, () -> describe(unknown));
    String secondRecord = "java-" + UUID.randomUUID();
    ResolveResponse mapResolved = call("identity.mapResolve",
        () -> client.identityMapResolve(FullContact.buildResolveRequest().recordId(secondRecord).email(EMAIL).build()));
    check("identity.mapResolve maps the record and resolves the person",
        () -> mapResolved.statusCode == 200 && mapResolved.getRecordIds().contains(secondRecord)
            && mapResolved.getPersonIds().equals(resolved.getPersonIds()),
        () -> describe(mapResolved));

    // tags.create, tags.get (whose body this client builds by string concatenation) and tags.delete.
    TagsResponse created = call("tags.create",
        () -> client.tagsCreate(FullContact.buildTagsRequest().recordId(recordId).tag(tag("region", "emea")).build()));
    check("tags.create answers 200", () -> created.statusCode == 200 && created.isSuccessful, () -> describe(created));
    TagsResponse got = call("tags.get", () -> client.tagsGet(recordId));
    check("tags.get lists every tag",
        () -> tagsOf(got.getTags()).equals(List.of("region=emea", "segment=gold", "segment=trial")), () -> describe(got));
    TagsResponse deleted = call("tags.delete",
        () -> client.tagsDelete(FullContact.buildTagsRequest().recordId(recordId).tag(tag("segment", "trial")).build()));
    check("tags.delete is a success", () -> deleted.isSuccessful, () -> describe(deleted));
    TagsResponse after = call("tags.get after tags.delete", () -> client.tagsGet(recordId));
    check("the deleted tag is gone",
        () -> tagsOf(after.getTags()).equals(List.of("region=emea", "segment=gold")), () -> describe(after));

    // audience.create on the record's tag, then audience.download of the gzip file once it is built,
    // saved by the client's own getFileFromBytes.
    AudienceResponse audience = call("audience.create", () -> client.audienceCreate(
        FullContact.buildAudienceRequest().webhookUrl(WEBHOOK + "/audience").tag(tag("segment", "gold")).build()));
    check("audience.create answers 202 with a requestId",
        () -> audience.statusCode == 202 && audience.isSuccessful && !audience.getRequestId().isEmpty(), () -> describe(audience));
    AudienceResponse downloaded = null;
    for (int attempt = 0; attempt < 100 && audience != null; attempt++) {
      downloaded = call("audience.download", () -> client.audienceDownload(audience.getRequestId()));
      if (downloaded == null || downloaded.statusCode != 202) break;
      Thread.sleep(200);
    }
    AudienceResponse file = downloaded;
    check("audience.download answers 200 once built", () -> file.statusCode == 200 && file.isSuccessful, () -> describe(file));
    Path saved = Files.createTempDirectory("kith-audience").resolve("audience.json.gz");
    check("getFileFromBytes saves the bytes", () -> {
      try {
        file.getFileFromBytes(saved.toString());
        return Files.size(saved) > 0;
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }, () -> saved);
    check("the file is gzip JSON listing the tagged record", () -> {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(saved))) {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        in.transferTo(json);
        JsonObject body = JsonParser.parseString(json.toString(StandardCharsets.UTF_8)).getAsJsonObject();
        List<String> members = new ArrayList<>();
        body.getAsJsonArray("members").forEach(m -> members.add(m.getAsJsonObject().get("recordid").getAsString()));
        return members.equals(List.of(recordId));
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }, () -> saved);

    ResolveResponse removed = call("identity.delete",
        () -> client.identityDelete(FullContact.buildResolveRequest().recordId(recordId).build()));
    check("identity.delete answers 204", () -> removed.statusCode == 204 && removed.isSuccessful, () -> describe(removed));
    ResolveResponse removedSecond = call("identity.delete of the mapResolve record",
        () -> client.identityDelete(FullContact.buildResolveRequest().recordId(secondRecord).build()));
    check("identity.delete of the second record answers 204", () -> removedSecond.statusCode == 204, () -> describe(removedSecond));

    // company.enrich: a hit by domain (in another writing), a miss as a successful 404, and a webhook answer.
    String domain = System.getenv("KITH_COMPANY_DOMAIN");
    CompanyResponse company = callUntilAnswered("company.enrich by domain", () -> client.enrich(
        FullContact.buildCompanyRequest().domain("https://www." + domain.toUpperCase() + "/about").build()));
    check("company.enrich by domain matches", () -> company.statusCode == 200 && company.isSuccessful, () -> describe(company));
    check("the response carries the company name",
        () -> System.getenv("KITH_COMPANY_NAME").equals(company.getName()), () -> describe(company));
    check("details.images carry a value (this client reads `value`)",
        () -> company.getDetails().getImages().stream().allMatch(image -> image.getValue() != null), () -> describe(company));
    CompanyResponse unknownCompany = call("company.enrich of an unknown domain",
        () -> client.enrich(FullContact.buildCompanyRequest().domain("no-such-company-java.example.org").build()));
    check("an unknown domain is a 404 the client takes as success",
        () -> unknownCompany.statusCode == 404 && unknownCompany.isSuccessful, () -> describe(unknownCompany));
    CompanyResponse queuedCompany = call("company.enrich with webhookUrl", () -> client.enrich(
        FullContact.buildCompanyRequest().domain(domain).webhookUrl(System.getenv("KITH_COMPANY_WEBHOOK_URL")).build()));
    check("company.enrich with webhookUrl is 202",
        () -> queuedCompany.statusCode == 202 && queuedCompany.isSuccessful, () -> describe(queuedCompany));

    // permission.create (the individual in `query`), find, current, verify and delete (flat query).
    String consentEmail = "consent-" + UUID.randomUUID() + "@example.org";
    FCResponse given = call("permission.create", () -> client.permissionCreate(FullContact.buildPermissionRequest()
        .query(byEmail(consentEmail))
        .consentPurpose(PurposeRequest.builder().purposeId(2).channel(List.of("web")).ttl(365).enabled(true).build())
        .policyUrl("https://example.org/privacy").termsService("https://example.org/terms")
        .collectionMethod("web form").collectionLocation("https://example.org/signup").build()));
    check("permission.create answers 202", () -> given.statusCode == 202 && given.isSuccessful, () -> describe(given));
    var found = call("permission.find", () -> client.permissionFind(byEmail(consentEmail)));
    check("permission.find lists the event with its purpose",
        () -> found.statusCode == 200 && found.permissionResponseList.size() == 1
            && found.permissionResponseList.get(0).getConsentPurposes().get(0).getPurposeId() == 2,
        () -> describe(found));
    var current = call("permission.current", () -> client.permissionCurrent(byEmail(consentEmail)));
    check("permission.current is keyed by purpose then channel",
        () -> current.statusCode == 200 && current.responseMap.get(2).get("web").isEnabled(), () -> describe(current));
    ConsentPurposeResponse verified = call("permission.verify", () -> client.permissionVerify(
        FullContact.buildChannelPurposeRequest().query(byEmail(consentEmail)).purposeId(2).channel("web").build()));
    check("permission.verify answers the purpose",
        () -> "Personalized Ads Profile".equals(verified.getPurposeName()) && verified.isEnabled(), () -> describe(verified));
    FCResponse withdrawn = call("permission.delete", () -> client.permissionDelete(byEmail(consentEmail)));
    check("permission.delete answers 202", () -> withdrawn.statusCode == 202 && withdrawn.isSuccessful, () -> describe(withdrawn));
    var none = call("permission.current after permission.delete", () -> client.permissionCurrent(byEmail(consentEmail)));
    check("nothing is current after it", () -> none.statusCode == 200 && none.responseMap.isEmpty(), () -> describe(none));

    // verify.match, verify.signals and verify.activity. This client models verify.match as booleans; Kith
    // answers the strings ("self", ...) as most clients read them, which Gson reads as false: only check
    // that the body is read.
    var matched = call("verify.match", () -> client.verifyMatch(FullContact.buildMultifieldRequest().email(EMAIL).phone(PHONE).build()));
    check("verify.match answers 200", () -> matched.statusCode == 200 && matched.isSuccessful, () -> describe(matched));
    var nobody = call("verify.match of nobody", () -> client.verifyMatch(byEmail("nobody-" + UUID.randomUUID() + "@example.org")));
    check("verify.match of nobody is a 404 the client takes as success",
        () -> nobody.statusCode == 404 && nobody.isSuccessful, () -> describe(nobody));
    var signals = call("verify.signals", () -> client.verifySignals(byEmail(EMAIL)));
    check("verify.signals lists the email with its SHA-256",
        () -> signals.getEmails().stream().anyMatch(e -> e.getSha256() != null && e.getSha256().length() == 64), () -> describe(signals));
    check("verify.signals gives one person id", () -> signals.getPersonIds().size() == 1, () -> describe(signals));
    check("verify.signals gives the family name",
        () -> !Objects.requireNonNullElse(signals.getName().getFamilyName(), "").isEmpty(), () -> describe(signals));
    var activity = call("verify.activity", () -> client.verifyActivity(byEmail(EMAIL)));
    check("verify.activity scores emails in 0..1",
        () -> activity.getEmails() > 0 && activity.getEmails() <= 1, () -> describe(activity));

    client.close();
    System.out.println(failures + " failed");
    System.exit(failures);
  }
}
