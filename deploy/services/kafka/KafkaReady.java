// Readiness probe for deploy/services/kafka.sh, run as a single-file source program:
//   java -cp '<libs>/*' KafkaReady.java BOOTSTRAP TIMEOUT_SECONDS
// Succeeds once the cluster answers metadata requests with at least one broker, and a group coordinator answers:
// on a new cluster the first group lookup creates __consumer_offsets, which on a busy machine can take longer than
// a consumer's start may wait.
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

public class KafkaReady {
  public static void main(String[] args) throws Exception {
    long deadline = System.currentTimeMillis() + Long.parseLong(args[1]) * 1000;
    Properties props = new Properties();
    props.put("bootstrap.servers", args[0]);
    props.put("request.timeout.ms", "5000");
    props.put("default.api.timeout.ms", "5000");
    try (Admin admin = Admin.create(props)) {
      while (true) {
        try {
          DescribeClusterResult cluster = admin.describeCluster();
          int brokers = cluster.nodes().get().size();
          admin.listTopics().names().get();
          if (brokers > 0 && coordinatorAnswers(admin)) {
            System.out.println("cluster " + cluster.clusterId().get() + ", " + brokers + " broker(s)");
            return;
          }
        } catch (Exception e) {
          if (System.currentTimeMillis() > deadline) {
            System.err.println("not ready: " + e);
            System.exit(1);
          }
        }
        Thread.sleep(250);
      }
    }
  }

  /** Whether the coordinator of a group no one uses answers a description of it (an unknown group is an answer). */
  private static boolean coordinatorAnswers(Admin admin) throws Exception {
    try {
      admin.describeConsumerGroups(List.of("kith-readiness-probe")).all().get();
      return true;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) return true;
      throw e;
    }
  }
}
